import { Code, OAUTH_PROVIDERS } from '@cliffhanger/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../../src/db/schema.js';
import { randomToken } from '../../src/services/oauth/oauth-crypto.js';
import { startFakeGoogle, type FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-google';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { getUrl, postCallback } from './oauth-test-app.js';

async function signInMethods(t: TestApp): Promise<Record<string, boolean>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
  return res.json().data.sign_in_methods as Record<string, boolean>;
}

describe('OAuth with no provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(OAUTH_PROVIDERS)('refuses %s with 70007 (URL and callback) and stores no state', async (provider) => {
    const url = await getUrl(t, provider);
    expect(url.statusCode).toBe(403);
    expect(url.json()).toMatchObject({ code: Code.SIGNIN_METHOD_DISABLED, data: null });
    const callback = await postCallback(t, provider, { code: 'c', state: randomToken() });
    expect(callback.json().code).toBe(Code.SIGNIN_METHOD_DISABLED);
    const [row] = await t.app.database.db.select({ n: count() }).from(oauthStates);
    expect(row?.n).toBe(0);
  });

  it('shows every provider disabled in /app/config', async () => {
    expect(await signInMethods(t)).toMatchObject({ google: false, facebook: false, tiktok: false });
  });
});

describe('OAuth with only Google configured', () => {
  let google: FakeOAuthProvider;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp({ env: { ...google.env } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('offers Google and refuses the others', async () => {
    expect(await signInMethods(t)).toMatchObject({ google: true, facebook: false, tiktok: false });
    expect((await getUrl(t, 'google')).statusCode).toBe(200);
    expect((await getUrl(t, 'facebook')).json().code).toBe(Code.SIGNIN_METHOD_DISABLED);
    expect((await getUrl(t, 'tiktok')).json().code).toBe(Code.SIGNIN_METHOD_DISABLED);
  });
});

describe('OAuth configuration at boot', () => {
  it('refuses to build the app with a client id but no secret, naming the variable', async () => {
    await expect(createTestApp({ env: { FACEBOOK_CLIENT_ID: 'fb-app' } })).rejects.toThrow(
      /FACEBOOK_CLIENT_SECRET: must be set when FACEBOOK_CLIENT_ID is set/,
    );
  });
});
