import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDERS } from '@cliffhanger/contract';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  createOAuthProviders,
  isOAuthProviderEnabled,
  oauthRedirectUri,
} from '../../src/services/oauth/oauth-providers.js';
import { FAKE_CALLBACK_PAGES } from '@cliffhanger/test-kit/fakes/oauth-fakes';

function issuesOf(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.issues];
    throw error;
  }
  return [];
}

describe('OAuth configuration', () => {
  it('defaults to the real provider endpoints and no provider enabled', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      googleTokenUrl: 'https://oauth2.googleapis.com/token',
      googleUserinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      facebookAuthUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      facebookGraphUrl: 'https://graph.facebook.com/v21.0',
      tiktokAuthUrl: 'https://www.tiktok.com/v2/auth/authorize/',
      tiktokTokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
      tiktokUserinfoUrl: 'https://open.tiktokapis.com/v2/user/info/',
    });
    expect(createOAuthProviders(config)).toEqual({});
  });

  it.each([
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
    ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  ])('refuses to boot with %s but no %s, naming the missing variable', (id, secret) => {
    expect(issuesOf({ [id]: 'x' })).toEqual([{ variable: secret, message: `must be set when ${id} is set` }]);
    expect(issuesOf({ [secret]: 'x' })).toEqual([{ variable: id, message: `must be set when ${secret} is set` }]);
  });

  it('reports a missing secret together with other bad variables', () => {
    const variables = issuesOf({ PORT: 'abc', GOOGLE_CLIENT_ID: 'g' }).map((issue) => issue.variable);
    expect(variables.sort()).toEqual(['GOOGLE_CLIENT_SECRET', 'PORT']);
  });

  it('rejects endpoint URLs that are not http(s)', () => {
    expect(issuesOf({ TIKTOK_TOKEN_URL: 'ftp://x/token' }).map((issue) => issue.variable)).toEqual([
      'TIKTOK_TOKEN_URL',
    ]);
  });

  it('enables exactly the providers with id and secret', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs' });
    expect(isOAuthProviderEnabled(config, 'google')).toBe(true);
    expect(isOAuthProviderEnabled(config, 'facebook')).toBe(false);
    expect(isOAuthProviderEnabled(config, 'tiktok')).toBe(false);
    expect(Object.keys(createOAuthProviders(config))).toEqual(['google']);
  });

  it("points redirect URIs at the web app's callback pages", () => {
    expect(oauthRedirectUri('https://cliffhanger.example', 'google')).toBe(
      'https://cliffhanger.example/pages/login/googleLogin',
    );
    expect(oauthRedirectUri('https://cliffhanger.example/', 'facebook')).toBe(
      'https://cliffhanger.example/pages/login/facebookLogin',
    );
    expect(oauthRedirectUri('http://localhost:8080', 'tiktok')).toBe('http://localhost:8080/pages/login/tiktokLogin');
  });

  it('agrees with the fakes on the callback pages (they cannot import src/)', () => {
    for (const provider of OAUTH_PROVIDERS) {
      expect(oauthRedirectUri('https://x.example', provider)).toBe(`https://x.example${FAKE_CALLBACK_PAGES[provider]}`);
    }
  });
});
