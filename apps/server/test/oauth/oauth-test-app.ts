import type { OAuthProvider, Session } from '@cliffhanger/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { Env } from '../../src/config.js';
import { authorizeHeadless, startFakeOAuthProviders, type FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';

export const PUBLIC_BASE_URL = 'https://cliffhanger.test';

export interface OAuthTestApp extends TestApp {
  fakes: Record<OAuthProvider, FakeOAuthProvider>;
}

/**
 * The app with all three providers pointing at their fakes. Each fake knows the redirect URI
 * the app must use (PUBLIC_BASE_URL + callback page) and refuses any other.
 */
export async function createOAuthTestApp(env: Env = {}, options: Omit<TestAppOptions, 'env'> = {}): Promise<OAuthTestApp> {
  const fakes = await startFakeOAuthProviders({ publicBaseUrl: PUBLIC_BASE_URL });
  let t: TestApp;
  try {
    t = await createTestApp({ ...options, env: { PUBLIC_BASE_URL, ...fakes.env, ...env } });
  } catch (error) {
    await fakes.close();
    throw error;
  }
  return {
    ...t,
    fakes: { google: fakes.google, facebook: fakes.facebook, tiktok: fakes.tiktok },
    close: () => t.close().finally(() => fakes.close()),
  };
}

/**
 * The binder cookie of the one test "browser" per app: kept from each URL answer and sent with
 * each callback, as a browser does. Tests of the login-CSRF defence pass their own cookie.
 */
const browserCookies = new WeakMap<TestApp['app'], string>();

export function binderCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  return first?.split(';', 1)[0];
}

export async function getUrl(t: TestApp, provider: string, cookie?: string): Promise<LightMyRequestResponse> {
  const sent = cookie ?? browserCookies.get(t.app);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/${provider}/url`,
    ...(sent ? { headers: { cookie: sent } } : {}),
  });
  const set = binderCookieOf(res);
  if (set && cookie === undefined) browserCookies.set(t.app, set);
  return res;
}

export async function postCallback(
  t: TestApp,
  provider: string,
  payload: unknown,
  cookie: string | null | undefined = browserCookies.get(t.app),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/oauth/${provider}/callback`,
    payload: payload as Record<string, unknown>,
    headers: { 'user-agent': 'oauth-test', ...(cookie ? { cookie } : {}) },
  });
}

/** GET the URL, go through the fake's authorize step: what the callback page would post. */
export async function startSignIn(t: TestApp, provider: OAuthProvider): Promise<{ code: string; state: string }> {
  const res = await getUrl(t, provider);
  if (res.statusCode !== 200) throw new Error(`url answered ${res.statusCode}: ${res.body}`);
  const { url, state } = res.json<{ data: { url: string; state: string } }>().data;
  const returned = await authorizeHeadless(url);
  if (returned.state !== state) throw new Error('the provider returned another state');
  return { code: returned.code, state };
}

/** A whole sign-in: URL, authorize, callback. */
export async function signIn(t: TestApp, provider: OAuthProvider): Promise<LightMyRequestResponse> {
  return postCallback(t, provider, await startSignIn(t, provider));
}

/** The `data.fields[].field` names of a Code.INVALID_INPUT answer. */
export function invalidFields(res: LightMyRequestResponse): string[] {
  return res.json<{ data: { fields: { field: string }[] } }>().data.fields.map((f) => f.field);
}

export function sessionOf(res: LightMyRequestResponse): Session {
  return res.json<{ data: Session }>().data;
}
