import { Code } from '@cliffhanger/contract';
import { expect } from 'vitest';
import { FacebookProvider } from '../../src/services/oauth/facebook.provider.js';
import { GoogleProvider } from '../../src/services/oauth/google.provider.js';
import { OAuthProviderError } from '../../src/services/oauth/oauth-provider.js';
import { TikTokProvider } from '../../src/services/oauth/tiktok.provider.js';
import type { FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-fake-server';

export const REDIRECT_URI = 'https://app.example/pages/login/callback';

interface AdapterOverrides {
  clientSecret?: string;
  timeoutMs?: number;
  /** Replaces every endpoint origin (e.g. a closed port, for network failures). */
  origin?: string;
}

function endpoint(fake: FakeOAuthProvider, variable: string, origin: string | undefined): string {
  const url = fake.env[variable];
  if (url === undefined) throw new Error(`${fake.provider} fake has no ${variable}`);
  return origin === undefined ? url : url.replace(fake.baseUrl, origin);
}

export function googleAdapter(fake: FakeOAuthProvider, overrides: AdapterOverrides = {}): GoogleProvider {
  return new GoogleProvider({
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    redirectUri: REDIRECT_URI,
    authUrl: endpoint(fake, 'GOOGLE_AUTH_URL', overrides.origin),
    tokenUrl: endpoint(fake, 'GOOGLE_TOKEN_URL', overrides.origin),
    userinfoUrl: endpoint(fake, 'GOOGLE_USERINFO_URL', overrides.origin),
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
  });
}

export function facebookAdapter(fake: FakeOAuthProvider, overrides: AdapterOverrides = {}): FacebookProvider {
  return new FacebookProvider({
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    redirectUri: REDIRECT_URI,
    authUrl: endpoint(fake, 'FACEBOOK_AUTH_URL', overrides.origin),
    graphUrl: endpoint(fake, 'FACEBOOK_GRAPH_URL', overrides.origin),
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
  });
}

export function tiktokAdapter(fake: FakeOAuthProvider, overrides: AdapterOverrides = {}): TikTokProvider {
  return new TikTokProvider({
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    redirectUri: REDIRECT_URI,
    authUrl: endpoint(fake, 'TIKTOK_AUTH_URL', overrides.origin),
    tokenUrl: endpoint(fake, 'TIKTOK_TOKEN_URL', overrides.origin),
    userinfoUrl: endpoint(fake, 'TIKTOK_USERINFO_URL', overrides.origin),
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
  });
}

/**
 * Asserts a Code.SIGNIN_PROVIDER_ERROR whose log detail matches `detail`, and whose client-facing message
 * does not leak that detail.
 */
export async function expectProviderError(promise: Promise<unknown>, detail: RegExp): Promise<OAuthProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthProviderError);
  const providerError = error as OAuthProviderError;
  expect(providerError.code).toBe(Code.SIGNIN_PROVIDER_ERROR);
  expect(providerError.detail).toMatch(detail);
  expect(providerError.message).toMatch(/^Sign-in with \w+ failed$/);
  return providerError;
}

/** An origin where nothing listens: a port that was just free. */
export async function closedOrigin(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
