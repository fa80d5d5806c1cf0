import { Code, defineEndpoint, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/query-rows.js';
import { ok } from '../../src/http/envelope.js';
import { registerEndpoint } from '../../src/http/register-endpoint.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { REFRESH_GRACE_S } from '../../src/services/auth/session.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** A test-only endpoint with `auth: 'optional'`, answering who the server thinks is calling. */
const whoami = defineEndpoint({
  method: 'GET',
  path: '/test/whoami',
  auth: 'optional',
  summary: 'test: optional auth',
  data: z.object({ user_id: z.number().nullable() }),
});

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: { SMS_IP_HOURLY_CAP: '1000' },
    extend: (app) => registerEndpoint(app, whoami, (req) => ok({ user_id: req.auth?.userId ?? null })),
  });
});
afterAll(async () => {
  await t?.close();
});

const caller = () => ({ app: t.app, sms });

async function getUser(authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/v1/user',
    ...(authorization === undefined ? {} : { headers: { authorization } }),
  });
}

async function refresh(refreshToken: string, authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    payload: { refresh_token: refreshToken },
    ...(authorization === undefined ? {} : { headers: { authorization } }),
  });
}

describe('the Authorization header', () => {
  it('accepts the access token, the refresh token, raw or as Bearer', async () => {
    const session = await signIn(caller());
    for (const value of [
      session.token,
      `Bearer ${session.token}`,
      session.refresh_token,
      `bearer ${session.refresh_token}`,
    ]) {
      const res = await getUser(value);
      expect(res.statusCode, value).toBe(200);
      expect(envelope(res).data.uid).toBe(session.user.uid);
    }
  });

  it('stores only SHA-256 hashes of the tokens', async () => {
    const session = await signIn(caller());
    const rows = await queryRows<{ token_hash: string; refresh_hash: string }>(
      t.app.database.db,
      sql`select token_hash, refresh_hash from sessions where user_id = ${session.user.uid}`,
    );
    expect(rows).toEqual([{ token_hash: sha256Hex(session.token), refresh_hash: sha256Hex(session.refresh_token) }]);
    const dump = JSON.stringify(await queryRows(t.app.database.db, sql`select * from sessions`));
    expect(dump).not.toContain(session.token);
    expect(dump).not.toContain(session.refresh_token);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not a token!'],
    ['too long', 'a'.repeat(300)],
    ['Bearer without a token', 'Bearer '],
  ])('answers 10027 (HTTP 401) to a %s token on a signed-in route', async (_name, value) => {
    const res = await getUser(value);
    expect(res.statusCode).toBe(401);
    expect(envelope(res)).toMatchObject({ code: Code.NOT_SIGNED_IN, data: null });
  });

  it('answers 20003 for an access token past its lifetime, while the refresh token still works', async () => {
    const session = await signIn(caller());
    clock.advance(7200);
    const expired = await getUser(session.token);
    expect(expired.statusCode).toBe(401);
    expect(envelope(expired).code).toBe(Code.SESSION_EXPIRED);
    expect(envelope(await getUser(session.refresh_token)).code).toBe(200);
  });

  it('answers 20003 for a refresh token past its lifetime, in the header and on refresh', async () => {
    const session = await signIn(caller());
    clock.advance(30 * 86_400);
    expect(envelope(await getUser(session.refresh_token)).code).toBe(Code.SESSION_EXPIRED);
    expect(envelope(await refresh(session.refresh_token)).code).toBe(Code.SESSION_EXPIRED);
  });
});

describe("auth: 'optional'", () => {
  const probe = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/test/whoami',
      ...(authorization === undefined ? {} : { headers: { authorization } }),
    });

  it('treats no header as a visitor and a valid one as the user', async () => {
    expect(envelope(await probe())).toMatchObject({ code: 200, data: { user_id: null } });
    const session = await signIn(caller());
    expect(envelope(await probe(session.token))).toMatchObject({ code: 200, data: { user_id: session.user.uid } });
  });

  it('answers the session code for a header that does not resolve, so clients clear stale state', async () => {
    expect(envelope(await probe('B'.repeat(43))).code).toBe(Code.NOT_SIGNED_IN);
    const session = await signIn(caller());
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: session.token } });
    expect(envelope(await probe(session.token)).code).toBe(Code.SESSION_REVOKED);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates both tokens and answers the session with the user', async () => {
    const session = await signIn(caller());
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const { data } = envelope<Session>(res);
    expect(data).toMatchObject({ expires_in: 7200, user: { uid: session.user.uid } });
    expect(data.token).not.toBe(session.token);
    expect(data.refresh_token).not.toBe(session.refresh_token);

    expect(envelope(await getUser(data.token)).code).toBe(200);
    expect(envelope(await getUser(data.refresh_token)).code).toBe(200);
    // The old access token is gone; the old refresh token is recognised as replaced.
    expect(envelope(await getUser(session.token)).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await getUser(session.refresh_token)).code).toBe(Code.SESSION_REVOKED);
  });

  it('gives an expired access token a new life', async () => {
    const session = await signIn(caller());
    clock.advance(7300);
    expect(envelope(await getUser(session.token)).code).toBe(Code.SESSION_EXPIRED);
    const renewed = envelope<Session>(await refresh(session.refresh_token)).data;
    expect(envelope(await getUser(renewed.token)).code).toBe(200);
  });

  it('treats a rotated-away refresh token presented again as theft: the session is revoked (20007)', async () => {
    const session = await signIn(caller());
    const rotated = envelope<Session>(await refresh(session.refresh_token)).data;
    // Past the grace window for a client racing itself (REFRESH_GRACE_S).
    clock.advance(REFRESH_GRACE_S + 1);
    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(envelope(replay).code).toBe(Code.SESSION_REVOKED);
    // Both the thief's and the client's current tokens are dead now.
    expect(envelope(await getUser(rotated.token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await refresh(rotated.refresh_token)).code).toBe(Code.SESSION_REVOKED);
  });

  it('gives two simultaneous refreshes with the same token the same rotated pair (no logout)', async () => {
    const session = await signIn(caller());
    const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(answers.map((res) => envelope(res).code)).toEqual([200, 200]);
    const [a, b] = answers.map((res) => envelope<Session>(res).data);
    expect(a!.token).toBe(b!.token);
    expect(a!.refresh_token).toBe(b!.refresh_token);
    expect(a!.refresh_token).not.toBe(session.refresh_token);
    expect(envelope(await getUser(a!.token)).code).toBe(200);
    // A repeat a few seconds later (a retried request) still gets that pair.
    clock.advance(REFRESH_GRACE_S - 1);
    expect(envelope<Session>(await refresh(session.refresh_token)).data.refresh_token).toBe(a!.refresh_token);
    // Once the client has moved on to the next rotation, the first token is history: the pair it
    // rotated into is gone, so there is nothing to repeat, and presenting it is a replay.
    const third = envelope<Session>(await refresh(a!.refresh_token)).data;
    expect(envelope(await getUser(third.token)).code).toBe(200);
    expect(envelope(await refresh(session.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(third.token)).code).toBe(Code.SESSION_REVOKED);
  });

  it('keeps the grace window: a repeat within it gets the same pair, a repeat after it revokes', async () => {
    const session = await signIn(caller());
    const first = envelope<Session>(await refresh(session.refresh_token)).data;
    clock.advance(REFRESH_GRACE_S);
    const repeat = await refresh(session.refresh_token);
    expect(envelope(repeat).code).toBe(200);
    expect(envelope<Session>(repeat).data).toMatchObject({ token: first.token, refresh_token: first.refresh_token });
    expect(envelope(await getUser(first.token)).code).toBe(200);
    clock.advance(1);
    expect(envelope(await refresh(session.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(first.token)).code).toBe(Code.SESSION_REVOKED);
  });

  it('revokes the session when a token from two rotations back is replayed (the thief refreshed twice)', async () => {
    // The victim signs in and keeps R0; a thief with a copy of R0 refreshes it, waits past the
    // grace window and refreshes again, so R0 is no longer the session's last rotated-away token.
    const victim = await signIn(caller());
    const r1 = envelope<Session>(await refresh(victim.refresh_token)).data;
    clock.advance(REFRESH_GRACE_S + 1);
    const r2 = envelope<Session>(await refresh(r1.refresh_token)).data;
    expect(envelope(await getUser(r2.token)).code).toBe(200);

    const replay = await refresh(victim.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(envelope(replay).code).toBe(Code.SESSION_REVOKED);
    // The thief's tokens are dead: neither the access token nor the refresh token works.
    expect(envelope(await getUser(r2.token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(r2.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await refresh(r2.refresh_token)).code).toBe(Code.SESSION_REVOKED);
  });

  it('remembers every rotated-away token of a session: the oldest of five rotations still revokes it', async () => {
    const session = await signIn(caller());
    const chain = [session];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(3600);
      chain.push(envelope<Session>(await refresh(chain.at(-1)!.refresh_token)).data);
    }
    const current = chain.at(-1)!;
    const rows = await queryRows<{ refresh_hash: string }>(
      t.app.database.db,
      sql`select h.refresh_hash from session_refresh_history h join sessions s on s.id = h.session_id
          where s.user_id = ${session.user.uid} order by h.rotated_at`,
    );
    // Hashes only, like the sessions table.
    expect(rows.map((row) => row.refresh_hash)).toEqual(chain.slice(0, 5).map((s) => sha256Hex(s.refresh_token)));

    // As Authorization an old token only says "replaced" (a request may have been in flight)...
    expect(envelope(await getUser(chain[0]!.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(current.token)).code).toBe(200);
    // ...presented to /auth/refresh it is a replay, and the session ends.
    expect(envelope(await refresh(chain[0]!.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(current.token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await refresh(current.refresh_token)).code).toBe(Code.SESSION_REVOKED);
  });

  it("forgets a session's rotation history with the session row", async () => {
    const session = await signIn(caller());
    await refresh(session.refresh_token);
    const [row] = await queryRows<{ id: number }>(
      t.app.database.db,
      sql`select id from sessions where user_id = ${session.user.uid}`,
    );
    const history = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.database.db,
          sql`select count(*)::int as n from session_refresh_history where session_id = ${row!.id}`,
        )
      )[0]?.n;
    expect(await history()).toBe(1);
    await t.app.database.db.execute(sql`delete from sessions where id = ${row!.id}`);
    expect(await history()).toBe(0);
  });

  it('answers 10027 for an unknown refresh token and 10001 for a missing one', async () => {
    expect(envelope(await refresh('C'.repeat(43))).code).toBe(Code.NOT_SIGNED_IN);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(envelope(res)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.refresh_token' }] },
    });
  });

  it('does not accept the access token as a refresh token', async () => {
    const session = await signIn(caller());
    expect(envelope(await refresh(session.token)).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the current session only: its tokens answer 20007, other devices stay signed in', async () => {
    const phone = '+905329990001';
    const device1 = await signIn(caller(), phone);
    clock.advance(61);
    const device2 = await signIn(caller(), phone);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: device1.refresh_token },
    });
    expect(envelope(res)).toEqual({ code: 200, message: 'OK', data: null });

    expect(envelope(await getUser(device1.token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(device1.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await refresh(device1.refresh_token)).code).toBe(Code.SESSION_REVOKED);
    expect(envelope(await getUser(device2.token)).code).toBe(200);
  });

  it('answers 10027 to a visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});
