/**
 * All three fake providers at once, for HTTP tests and the browser e2e suite:
 *
 *   const fakes = await startFakeOAuthProviders({ publicBaseUrl: serverUrl });
 *   const server = await startServer({ PUBLIC_BASE_URL: serverUrl, ...fakes.env });
 *   …
 *   await fakes.close();
 *
 * No test-runner imports and nothing from src/.
 */
import type { FakeProviderName } from './oauth-fake-protocol.js';
import type { FakeOAuthProvider, FakeOptions } from './oauth-fake-server.js';
import { startFakeFacebook } from './oauth-facebook.js';
import { startFakeGoogle } from './oauth-google.js';
import { startFakeTikTok } from './oauth-tiktok.js';

export { authorizeHeadless, type FakeOAuthProvider, type FakeProfile } from './oauth-fake-server.js';

/**
 * The web app's callback pages (docs/product.md#other-routes). Mirrors src/services/oauth/oauth-providers.ts,
 * which this module must not import; a test there keeps the two equal.
 */
export const FAKE_CALLBACK_PAGES: Record<FakeProviderName, string> = {
  google: '/pages/login/googleLogin',
  facebook: '/pages/login/facebookLogin',
  tiktok: '/pages/login/tiktokLogin',
};

export interface FakeOAuthProviders extends Record<FakeProviderName, FakeOAuthProvider> {
  /** The server environment for all three: ids, secrets and endpoint URLs. */
  env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export async function startFakeOAuthProviders(
  options: { publicBaseUrl?: string; host?: string } = {},
): Promise<FakeOAuthProviders> {
  const optionsFor = (provider: FakeProviderName): FakeOptions => ({
    ...(options.host === undefined ? {} : { host: options.host }),
    // With the server's public origin known, each fake refuses any other redirect URI, as the
    // real providers refuse URIs that were not registered.
    ...(options.publicBaseUrl === undefined
      ? {}
      : { redirectUri: `${options.publicBaseUrl.replace(/\/+$/, '')}${FAKE_CALLBACK_PAGES[provider]}` }),
  });
  const started: FakeOAuthProvider[] = [];
  const closeAll = () => Promise.all(started.map((fake) => fake.close())).then(() => undefined);
  try {
    const google = await startFakeGoogle(optionsFor('google'));
    started.push(google);
    const facebook = await startFakeFacebook(optionsFor('facebook'));
    started.push(facebook);
    const tiktok = await startFakeTikTok(optionsFor('tiktok'));
    started.push(tiktok);
    return {
      google,
      facebook,
      tiktok,
      env: Object.freeze({ ...google.env, ...facebook.env, ...tiktok.env }),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
