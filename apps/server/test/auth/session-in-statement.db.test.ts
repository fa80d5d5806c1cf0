import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/**
 * A drama's page and a play read the presented session in their own statement instead of the auth
 * plugin's lookup. The session rules and codes must be exactly those of every other route.
 */
const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
  seeded = await seedDrama(t.app, { episodes: 3, freeEpisodes: 1, episodePrice: 30, allPrice: 60 });
});
afterAll(async () => {
  await t?.close();
});

const caller = () => ({ app: t.app, sms });
const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: authorization ? { authorization } : {} });
const firstEpisode = () => seeded.episodes[0]!.id;
/** The drama page and the first (free) episode's play, for one token. */
const both = (token?: string) =>
  Promise.all([get(`/dramas/${seeded.drama.id}`, token), get(`/episodes/${firstEpisode()}/play`, token)]);
const codes = async (token?: string) => (await both(token)).map((res) => [res.statusCode, envelope(res).code]);

describe('the session read in the statements of the drama page, a play and an unlock', () => {
  it('resolves the access token and the refresh token to the user', async () => {
    const session = await signIn(caller());
    for (const token of [session.token, session.refresh_token, `Bearer ${session.token}`]) {
      const [drama, play] = await both(token);
      expect(envelope(drama).code).toBe(200);
      expect(envelope(drama).data.viewer).toMatchObject({ signed_in: true });
      expect(drama.headers['cache-control']).toBe('private, no-cache');
      expect(envelope(play).code).toBe(200);
    }
  });

  it('answers 10027 for an unknown token and a visitor answer without one', async () => {
    expect(await codes('B'.repeat(43))).toEqual([
      [401, Code.NOT_SIGNED_IN],
      [401, Code.NOT_SIGNED_IN],
    ]);
    const [drama, play] = await both();
    expect(envelope(drama).data.viewer).toMatchObject({ signed_in: false });
    expect(envelope(play).code).toBe(200);
  });

  it('answers 20003 for an expired access token while its refresh token still works', async () => {
    const session = await signIn(caller());
    clock.advance(7200);
    expect(await codes(session.token)).toEqual([
      [401, Code.SESSION_EXPIRED],
      [401, Code.SESSION_EXPIRED],
    ]);
    expect(await codes(session.refresh_token)).toEqual([
      [200, 200],
      [200, 200],
    ]);
  });

  it('answers 20007 after logout, for a rotated-away refresh token and for a deleted account', async () => {
    const loggedOut = await signIn(caller());
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: loggedOut.token } });
    expect(await codes(loggedOut.token)).toEqual([
      [401, Code.SESSION_REVOKED],
      [401, Code.SESSION_REVOKED],
    ]);

    const rotated = await signIn(caller());
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: rotated.refresh_token },
    });
    expect(envelope(refreshed).code).toBe(200);
    expect(await codes(rotated.refresh_token)).toEqual([
      [401, Code.SESSION_REVOKED],
      [401, Code.SESSION_REVOKED],
    ]);

    const deleted = await signIn(caller());
    await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: { authorization: deleted.token } });
    expect(await codes(deleted.token)).toEqual([
      [401, Code.SESSION_REVOKED],
      [401, Code.SESSION_REVOKED],
    ]);
  });

  it('answers the session code before a missing drama or episode, and 10002 for a good session', async () => {
    const missing = () =>
      Promise.all([get('/dramas/999999', 'B'.repeat(43)), get('/episodes/999999/play', 'B'.repeat(43))]);
    expect((await missing()).map((res) => envelope(res).code)).toEqual([Code.NOT_SIGNED_IN, Code.NOT_SIGNED_IN]);
    const session = await signIn(caller());
    const found = await Promise.all([
      get('/dramas/999999', session.token),
      get('/episodes/999999/play', session.token),
    ]);
    expect(found.map((res) => envelope(res).code)).toEqual([Code.NOT_FOUND, Code.NOT_FOUND]);
  });

  it('keeps a malformed header a 10027 before any read', async () => {
    expect(await codes('not a token!')).toEqual([
      [401, Code.NOT_SIGNED_IN],
      [401, Code.NOT_SIGNED_IN],
    ]);
  });

  const unlockCode = async (authorization: string, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/unlock',
      headers: { authorization },
      payload: payload as object,
    });
    return [res.statusCode, envelope(res).code];
  };

  it('unlock: 20007 after logout, for a rotated-away refresh token and for a deleted account', async () => {
    const paid = { episode_id: seeded.episodes[1]!.id };
    const loggedOut = await signIn(caller());
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: loggedOut.token } });
    const rotated = await signIn(caller());
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: rotated.refresh_token },
    });
    const deleted = await signIn(caller());
    await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: { authorization: deleted.token } });
    for (const token of [loggedOut.token, rotated.refresh_token, deleted.token]) {
      expect(await unlockCode(token, paid)).toEqual([401, Code.SESSION_REVOKED]);
      expect(await unlockCode(token, { episode_id: 999_999 })).toEqual([401, Code.SESSION_REVOKED]);
    }
  });

  it('unlock: the session codes before a missing episode and before a bad body', async () => {
    const paid = seeded.episodes[1]!.id;
    expect(await unlockCode('B'.repeat(43), { episode_id: paid })).toEqual([401, Code.NOT_SIGNED_IN]);
    expect(await unlockCode('B'.repeat(43), { episode_id: 999_999 })).toEqual([401, Code.NOT_SIGNED_IN]);
    expect(await unlockCode('B'.repeat(43), { episode_id: 'x' })).toEqual([401, Code.NOT_SIGNED_IN]);

    const session = await signIn(caller());
    expect(await unlockCode(session.token, { episode_id: 999_999 })).toEqual([404, Code.NOT_FOUND]);
    expect(await unlockCode(session.token, { episode_id: 'x' })).toEqual([400, Code.INVALID_INPUT]);
    // No coins yet: the session resolved and the unlock ran.
    expect(await unlockCode(session.refresh_token, { episode_id: paid })).toEqual([409, Code.INSUFFICIENT_COINS]);

    clock.advance(7200);
    expect(await unlockCode(session.token, { episode_id: paid })).toEqual([401, Code.SESSION_EXPIRED]);
    expect(await unlockCode(session.token, { episode_id: 'x' })).toEqual([401, Code.SESSION_EXPIRED]);
    expect(await unlockCode(session.token, {})).toEqual([401, Code.SESSION_EXPIRED]);
  });
});
