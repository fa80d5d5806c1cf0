import { Code } from '@cliffhanger/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, sessions, users } from '../../src/db/schema.js';
import { hashState, randomToken } from '../../src/services/oauth/oauth-crypto.js';
import { authorizeHeadless } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import {
  binderCookieOf,
  createOAuthTestApp,
  getUrl,
  invalidFields,
  postCallback,
  signIn,
  startSignIn,
  type OAuthTestApp,
} from './oauth-test-app.js';

describe('OAuth callback refusals', () => {
  let t: OAuthTestApp;
  beforeAll(async () => {
    t = await createOAuthTestApp();
  });
  afterEach(() => {
    for (const fake of Object.values(t.fakes)) {
      fake.failToken(false);
      fake.failUserinfo(false);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.database.db;
  async function countOf(table: typeof users | typeof sessions): Promise<number> {
    const [row] = await db().select({ n: count() }).from(table);
    return row?.n ?? 0;
  }
  function tokenCalls(provider: 'google' | 'facebook' | 'tiktok'): number {
    return t.fakes[provider].requests.filter((r) => /token/.test(r.path)).length;
  }

  it('refuses a state that was never issued with 70008', async () => {
    const { code } = await startSignIn(t, 'google');
    const res = await postCallback(t, 'google', { code, state: randomToken() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Code.SIGNIN_OAUTH_STATE_INVALID, data: null });
  });

  it('names body.state when the state is missing (10001)', async () => {
    const res = await postCallback(t, 'google', { code: 'abc' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(Code.INVALID_INPUT);
    expect(invalidFields(res)).toEqual(['body.state']);
  });

  it('names body.code when the code is missing or empty (10001)', async () => {
    const { state } = await startSignIn(t, 'google');
    const res = await postCallback(t, 'google', { code: '', state });
    expect(res.json().code).toBe(Code.INVALID_INPUT);
    expect(invalidFields(res)).toEqual(['body.code']);
  });

  it('names params.provider for an unknown provider (10001)', async () => {
    const res = await getUrl(t, 'twitter');
    expect(res.json().code).toBe(Code.INVALID_INPUT);
    expect(invalidFields(res)).toEqual(['params.provider']);
  });

  it('refuses a replayed callback (same code and state) with 70008 and issues nothing', async () => {
    const callback = await startSignIn(t, 'facebook');
    expect((await postCallback(t, 'facebook', callback)).statusCode).toBe(200);
    const sessionsBefore = await countOf(sessions);
    const calls = tokenCalls('facebook');
    const replay = await postCallback(t, 'facebook', callback);
    expect(replay.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    expect(await countOf(sessions)).toBe(sessionsBefore);
    // Refused before the provider is asked: a replay cannot probe the code either.
    expect(tokenCalls('facebook')).toBe(calls);
  });

  it("refuses another provider's state with 70008 and leaves that state usable", async () => {
    const google = await startSignIn(t, 'google');
    const crossed = await postCallback(t, 'tiktok', google);
    expect(crossed.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    const proper = await postCallback(t, 'google', google);
    expect(proper.statusCode).toBe(200);
  });

  it('refuses an expired state with 70008 without calling the provider', async () => {
    const callback = await startSignIn(t, 'tiktok');
    await db()
      .update(oauthStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthStates.stateHash, hashState(callback.state)));
    const calls = tokenCalls('tiktok');
    const res = await postCallback(t, 'tiktok', callback);
    expect(res.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    expect(tokenCalls('tiktok')).toBe(calls);
  });

  it.each(['google', 'facebook', 'tiktok'] as const)(
    'answers 70005 when %s refuses the code, without leaking the detail, and creates nobody',
    async (provider) => {
      const callback = await startSignIn(t, provider);
      t.fakes[provider].failToken('error');
      const usersBefore = await countOf(users);
      const res = await postCallback(t, provider, callback);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: Code.SIGNIN_PROVIDER_ERROR,
        message: `Sign-in with ${provider} failed`,
        data: null,
      });
      expect(await countOf(users)).toBe(usersBefore);
      // The state was spent on the failed attempt; the client starts over with a new URL.
      t.fakes[provider].failToken(false);
      expect((await postCallback(t, provider, callback)).json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    },
  );

  it('answers 70005 when the provider profile cannot be read', async () => {
    const callback = await startSignIn(t, 'google');
    t.fakes.google.failUserinfo('malformed');
    expect((await postCallback(t, 'google', callback)).json().code).toBe(Code.SIGNIN_PROVIDER_ERROR);
  });

  it('answers 70005 for a code the provider never issued', async () => {
    const { state } = await startSignIn(t, 'google');
    expect((await postCallback(t, 'google', { code: 'forged-code', state })).json().code).toBe(
      Code.SIGNIN_PROVIDER_ERROR,
    );
  });

  it('gives exactly one session to concurrent callbacks with the same state', async () => {
    t.fakes.google.setProfile({ subject: 'racer', name: 'Racer' });
    await signIn(t, 'google'); // the account exists; the race is only about the state
    const callback = await startSignIn(t, 'google');
    const sessionsBefore = await countOf(sessions);
    const results = await Promise.all(Array.from({ length: 8 }, () => postCallback(t, 'google', callback)));
    const codes = results.map((res) => res.json().code as number);
    expect(codes.filter((code) => code === Code.OK)).toHaveLength(1);
    expect(codes.filter((code) => code === Code.SIGNIN_OAUTH_STATE_INVALID)).toHaveLength(7);
    expect(await countOf(sessions)).toBe(sessionsBefore + 1);
  });

  it('creates one account when the same person finishes two first sign-ins at once', async () => {
    t.fakes.tiktok.setProfile({ subject: 'double-first', name: 'Twice' });
    const callbacks = await Promise.all(Array.from({ length: 4 }, () => startSignIn(t, 'tiktok')));
    const usersBefore = await countOf(users);
    const results = await Promise.all(callbacks.map((callback) => postCallback(t, 'tiktok', callback)));
    for (const res of results) expect(res.json().code).toBe(Code.OK);
    expect(new Set(results.map((res) => res.json().data.user.uid as number)).size).toBe(1);
    expect(await countOf(users)).toBe(usersBefore + 1);
  });

  it('still signs in with a stale Authorization header (sign-in routes ignore it)', async () => {
    const cookie = binderCookieOf(await getUrl(t, 'google', ''))!;
    const res0 = await getUrl(t, 'google', cookie);
    const { url, state } = res0.json<{ data: { url: string; state: string } }>().data;
    const { code } = await authorizeHeadless(url);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/google/callback',
      payload: { code, state },
      headers: { authorization: 'stale-token-from-an-old-session', cookie },
    });
    expect(res.statusCode).toBe(200);
  });
});
