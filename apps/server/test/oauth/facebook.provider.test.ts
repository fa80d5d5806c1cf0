import { createHmac } from 'node:crypto';
import { generateCodeVerifier } from 'arctic';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s256 } from '@cliffhanger/test-kit/fakes/oauth-fake-protocol';
import { authorizeHeadless, startFakeFacebook, type FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-facebook';
import { REDIRECT_URI, closedOrigin, expectProviderError, facebookAdapter, paramsOf } from './provider-test-kit.js';

describe('FacebookProvider against the fake Facebook', () => {
  let fake: FakeOAuthProvider;
  beforeAll(async () => {
    fake = await startFakeFacebook({ redirectUri: REDIRECT_URI });
  });
  afterEach(() => {
    fake.failToken(false);
    fake.failUserinfo(false);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function codeFor() {
    const verifier = generateCodeVerifier();
    const url = facebookAdapter(fake).authorizationUrl({ state: 'st-1', codeVerifier: verifier });
    const { code } = await authorizeHeadless(url);
    return { code, verifier };
  }

  it('builds the login dialog URL with public_profile and PKCE S256', () => {
    const verifier = generateCodeVerifier();
    const url = facebookAdapter(fake).authorizationUrl({ state: 'the-state', codeVerifier: verifier });
    expect(url.startsWith(`${fake.env.FACEBOOK_AUTH_URL}?`)).toBe(true);
    expect(paramsOf(url)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      state: 'the-state',
      response_type: 'code',
      scope: 'public_profile',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    });
    expect(url).not.toContain(verifier);
  });

  it('exchanges a code on the Graph API and reads /me (id, name, picture.data.url)', async () => {
    fake.setProfile({ subject: '1022', name: 'Frank', picture: 'https://scontent.example/f.jpg' });
    const { code, verifier } = await codeFor();
    const profile = await facebookAdapter(fake).exchange({ code, codeVerifier: verifier });
    expect(profile).toEqual({ subject: '1022', name: 'Frank', avatarUrl: 'https://scontent.example/f.jpg' });

    // Facebook takes client_id and client_secret as parameters, not HTTP Basic: the secret in the
    // query string, the rest in the form.
    const token = fake.requests.findLast((r) => r.path.endsWith('/oauth/access_token'));
    expect(token?.method).toBe('POST');
    expect(token?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(token?.headers.authorization).toBeUndefined();
    expect(token?.query).toEqual({ client_secret: fake.clientSecret });
    expect(token?.form).toEqual({
      grant_type: 'authorization_code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      code,
      code_verifier: verifier,
    });
    const me = fake.requests.findLast((r) => r.path.endsWith('/me'));
    expect(me?.query.fields).toBe('id,name,picture');
    const accessToken = me?.query.access_token ?? '';
    expect(me?.query.appsecret_proof).toBe(createHmac('sha256', fake.clientSecret).update(accessToken).digest('hex'));
  });

  it("ignores Facebook's placeholder silhouette as an avatar", async () => {
    fake.setProfile({ subject: '1023', name: 'No Photo' });
    const { code, verifier } = await codeFor();
    expect(await facebookAdapter(fake).exchange({ code, codeVerifier: verifier })).toEqual({
      subject: '1023',
      name: 'No Photo',
    });
  });

  it('fails with 70005 on a Graph error answer from the token endpoint', async () => {
    const { code, verifier } = await codeFor();
    fake.failToken('error');
    await expectProviderError(
      facebookAdapter(fake).exchange({ code, codeVerifier: verifier }),
      /token: HTTP 400 100 OAuthException This authorization code has expired/,
    );
  });

  it('fails with 70005 on a wrong verifier', async () => {
    const { code } = await codeFor();
    await expectProviderError(
      facebookAdapter(fake).exchange({ code, codeVerifier: 'b'.repeat(43) }),
      /code_verifier does not match/,
    );
  });

  it('fails with 70005 on a wrong app secret', async () => {
    const { code, verifier } = await codeFor();
    await expectProviderError(
      facebookAdapter(fake, { clientSecret: 'nope' }).exchange({ code, codeVerifier: verifier }),
      /Error validating client secret/,
    );
  });

  it('fails with 70005 when /me refuses', async () => {
    const { code, verifier } = await codeFor();
    fake.failUserinfo('error');
    await expectProviderError(facebookAdapter(fake).exchange({ code, codeVerifier: verifier }), /me: HTTP 400 190/);
  });

  it('fails with 70005 on a timeout and on an unreachable Graph API', async () => {
    const { code, verifier } = await codeFor();
    fake.failToken('hang');
    await expectProviderError(
      facebookAdapter(fake, { timeoutMs: 200 }).exchange({ code, codeVerifier: verifier }),
      /no answer within 200 ms/,
    );
    const origin = await closedOrigin();
    await expectProviderError(
      facebookAdapter(fake, { origin }).exchange({ code, codeVerifier: verifier }),
      /token: request failed/,
    );
  });
});
