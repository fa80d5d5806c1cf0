import { generateCodeVerifier } from 'arctic';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s256 } from '@cliffhanger/test-kit/fakes/oauth-fake-protocol';
import { authorizeHeadless, startFakeGoogle, type FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-google';
import { REDIRECT_URI, closedOrigin, expectProviderError, googleAdapter, paramsOf } from './provider-test-kit.js';

describe('GoogleProvider against the fake Google', () => {
  let fake: FakeOAuthProvider;
  beforeAll(async () => {
    fake = await startFakeGoogle({ redirectUri: REDIRECT_URI });
  });
  afterEach(() => {
    fake.failToken(false);
    fake.failUserinfo(false);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function codeFor(verifier = generateCodeVerifier()) {
    const url = googleAdapter(fake).authorizationUrl({ state: 'st-1', codeVerifier: verifier });
    const { code } = await authorizeHeadless(url);
    return { code, verifier };
  }

  it('builds the OpenID Connect authorization URL with the S256 challenge of the verifier, never the verifier', () => {
    const verifier = generateCodeVerifier();
    const url = googleAdapter(fake).authorizationUrl({ state: 'the-state', codeVerifier: verifier });
    expect(url.startsWith(`${fake.env.GOOGLE_AUTH_URL}?`)).toBe(true);
    expect(paramsOf(url)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile',
      state: 'the-state',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(url).not.toContain(verifier);
  });

  it('brings a person who cancels back with error=access_denied and the state (fake, for e2e)', async () => {
    fake.denyAuthorization(true);
    try {
      const url = googleAdapter(fake).authorizationUrl({ state: 'st-deny', codeVerifier: generateCodeVerifier() });
      await expect(authorizeHeadless(url)).rejects.toThrow(/error=access_denied/);
      const response = await fetch(url, { redirect: 'manual' });
      const back = new URL(response.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('state')).toBe('st-deny');
      expect(back.searchParams.has('code')).toBe(false);
    } finally {
      fake.denyAuthorization(false);
    }
  });

  it('refuses to build a URL without a code verifier', () => {
    expect(() => googleAdapter(fake).authorizationUrl({ state: 's' })).toThrow(/PKCE/);
  });

  it('exchanges a code (form body, client_secret_basic) for the profile (sub, name, picture)', async () => {
    fake.setProfile({ subject: 'g-sub-1', name: 'Ada Lovelace', picture: 'https://lh3.example/ada' });
    const { code, verifier } = await codeFor();
    const profile = await googleAdapter(fake).exchange({ code, codeVerifier: verifier });
    expect(profile).toEqual({ subject: 'g-sub-1', name: 'Ada Lovelace', avatarUrl: 'https://lh3.example/ada' });

    const tokenRequest = fake.requests.findLast((r) => r.path === '/token');
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(tokenRequest?.form).toEqual({
      code,
      redirect_uri: REDIRECT_URI,
      grant_type: 'authorization_code',
      code_verifier: verifier,
    });
    // The client authenticates once, with HTTP Basic: the secret is not in the form too.
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${basic}`);
    const userinfoRequest = fake.requests.findLast((r) => r.path === '/v1/userinfo');
    expect(userinfoRequest?.headers.authorization).toMatch(/^Bearer at_/);
  });

  it('leaves out name and picture when the account has none', async () => {
    fake.setProfile({ subject: 'g-sub-2' });
    const { code, verifier } = await codeFor();
    expect(await googleAdapter(fake).exchange({ code, codeVerifier: verifier })).toEqual({ subject: 'g-sub-2' });
  });

  it('fails with 70005 when the verifier does not match the challenge', async () => {
    const { code } = await codeFor();
    await expectProviderError(
      googleAdapter(fake).exchange({ code, codeVerifier: 'a'.repeat(43) }),
      /token: invalid_grant code_verifier does not match/,
    );
  });

  it('fails with 70005 on a code used twice', async () => {
    const { code, verifier } = await codeFor();
    await googleAdapter(fake).exchange({ code, codeVerifier: verifier });
    await expectProviderError(
      googleAdapter(fake).exchange({ code, codeVerifier: verifier }),
      /invalid_grant code already used/,
    );
  });

  it('fails with 70005 on a wrong client secret', async () => {
    const { code, verifier } = await codeFor();
    await expectProviderError(
      googleAdapter(fake, { clientSecret: 'wrong' }).exchange({ code, codeVerifier: verifier }),
      /token: invalid_client Unauthorized/,
    );
  });

  it('fails with 70005 when the token endpoint answers an error', async () => {
    const { code, verifier } = await codeFor();
    fake.failToken('error');
    await expectProviderError(
      googleAdapter(fake).exchange({ code, codeVerifier: verifier }),
      /token: invalid_grant Bad Request/,
    );
  });

  it('fails with 70005 when the token endpoint answers something that is not JSON', async () => {
    const { code, verifier } = await codeFor();
    fake.failToken('malformed');
    await expectProviderError(
      googleAdapter(fake).exchange({ code, codeVerifier: verifier }),
      /token: HTTP 200 with a body that is not JSON/,
    );
  });

  it('fails with 70005 when the token endpoint does not answer in time', async () => {
    const { code, verifier } = await codeFor();
    fake.failToken('hang');
    await expectProviderError(
      googleAdapter(fake, { timeoutMs: 200 }).exchange({ code, codeVerifier: verifier }),
      /token: no answer within 200 ms/,
    );
  });

  it('fails with 70005 when userinfo refuses the token', async () => {
    const { code, verifier } = await codeFor();
    fake.failUserinfo('error');
    await expectProviderError(
      googleAdapter(fake).exchange({ code, codeVerifier: verifier }),
      /userinfo: HTTP 401 invalid_request/,
    );
  });

  it('fails with 70005 when Google cannot be reached', async () => {
    const origin = await closedOrigin();
    await expectProviderError(
      googleAdapter(fake, { origin }).exchange({ code: 'c', codeVerifier: 'v' }),
      /token: request failed/,
    );
  });

  it('fails with 70005 without a verifier, before calling Google', async () => {
    const before = fake.requests.length;
    await expectProviderError(googleAdapter(fake).exchange({ code: 'c' }), /no PKCE verifier/);
    expect(fake.requests.length).toBe(before);
  });
});
