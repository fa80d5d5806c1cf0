import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizeHeadless, startFakeTikTok, type FakeOAuthProvider } from '@cliffhanger/test-kit/fakes/oauth-tiktok';
import { REDIRECT_URI, closedOrigin, expectProviderError, paramsOf, tiktokAdapter } from './provider-test-kit.js';

describe('TikTokProvider against the fake TikTok', () => {
  let fake: FakeOAuthProvider;
  beforeAll(async () => {
    fake = await startFakeTikTok({ redirectUri: REDIRECT_URI });
  });
  afterEach(() => {
    fake.failToken(false);
    fake.failUserinfo(false);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function code(): Promise<string> {
    return (await authorizeHeadless(tiktokAdapter(fake).authorizationUrl({ state: 'st-1' }))).code;
  }

  it('builds the Login Kit URL with client_key (never client_id) and no PKCE', () => {
    const url = tiktokAdapter(fake).authorizationUrl({ state: 'the-state', codeVerifier: 'v'.repeat(43) });
    expect(url.startsWith(`${fake.env.TIKTOK_AUTH_URL}?`)).toBe(true);
    expect(paramsOf(url)).toEqual({
      client_key: fake.clientId,
      scope: 'user.info.basic',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'the-state',
    });
  });

  it('exchanges a code (form with client_key) and reads the user info; subject is open_id', async () => {
    fake.setProfile({ subject: 'open-123', name: 'Terry', picture: 'https://p16.example/t.jpeg' });
    const c = await code();
    const profile = await tiktokAdapter(fake).exchange({ code: c });
    expect(profile).toEqual({ subject: 'open-123', name: 'Terry', avatarUrl: 'https://p16.example/t.jpeg' });

    const token = fake.requests.findLast((r) => r.path === '/v2/oauth/token/');
    expect(token?.method).toBe('POST');
    expect(token?.form).toEqual({
      client_key: fake.clientId,
      client_secret: fake.clientSecret,
      code: c,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
    const info = fake.requests.findLast((r) => r.path === '/v2/user/info/');
    expect(info?.query.fields).toBe('open_id,union_id,avatar_url,display_name');
    expect(info?.headers.authorization).toMatch(/^Bearer at_/);
  });

  it('fails with 70005 on an error answered with HTTP 200', async () => {
    const c = await code();
    fake.failToken('error');
    const error = await expectProviderError(
      tiktokAdapter(fake).exchange({ code: c }),
      /token: invalid_grant Authorization code is expired\. log/,
    );
    expect(error.status).toBe(409);
  });

  it('fails with 70005 on a replayed code and on a wrong secret', async () => {
    const c = await code();
    await tiktokAdapter(fake).exchange({ code: c });
    await expectProviderError(tiktokAdapter(fake).exchange({ code: c }), /invalid_grant code already used/);
    const c2 = await code();
    await expectProviderError(
      tiktokAdapter(fake, { clientSecret: 'nope' }).exchange({ code: c2 }),
      /token: invalid_client/,
    );
  });

  it('fails with 70005 when user info reports an error code', async () => {
    const c = await code();
    fake.failUserinfo('error');
    await expectProviderError(tiktokAdapter(fake).exchange({ code: c }), /userinfo: HTTP 401 access_token_invalid/);
  });

  it('fails with 70005 on malformed answers, timeouts and an unreachable TikTok', async () => {
    fake.failToken('malformed');
    await expectProviderError(tiktokAdapter(fake).exchange({ code: await code() }), /not JSON/);
    fake.failToken('hang');
    await expectProviderError(
      tiktokAdapter(fake, { timeoutMs: 200 }).exchange({ code: await code() }),
      /no answer within 200 ms/,
    );
    fake.failToken(false);
    await expectProviderError(
      tiktokAdapter(fake, { origin: await closedOrigin() }).exchange({ code: 'x' }),
      /request failed/,
    );
  });
});
