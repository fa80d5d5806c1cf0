import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: { SMS_IP_HOURLY_CAP: '1000', LOGIN_HOURLY_CAP: '4' },
  });
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** Each test signs in from its own address, so the per-IP cap only bites where a test wants it. */
const freshIp = () => `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

function passwordLogin(phone: string, password: string, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password/login',
    payload: { phone, password },
    remoteAddress: ip,
  });
}

function setPassword(token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/password',
    headers: { authorization: token },
    payload: body,
  });
}

async function accountWithPassword(password = 'correct horse') {
  const phone = newPhone();
  const session = await signIn({ app: t.app, sms }, phone);
  expect(envelope(await setPassword(session.token, { password })).code).toBe(200);
  return { phone, session, password };
}

describe('PUT /user/password', () => {
  it('sets a first password, stored as an argon2id hash', async () => {
    const { session } = await accountWithPassword('first password');
    const [row] = await queryRows<{ password_hash: string }>(
      t.app.database.db,
      sql`select password_hash from users where id = ${session.user.uid}`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain('first password');
    const me = envelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: session.token } }),
    );
    expect(me.data.has_password).toBe(true);
  });

  it('changes it only with the right current password, and signs out other sessions', async () => {
    const { phone, session, password } = await accountWithPassword();
    clock.advance(61);
    const other = await signIn({ app: t.app, sms }, phone);

    for (const body of [
      { password: 'new password 1' },
      { password: 'new password 1', current_password: 'nope nope' },
    ]) {
      const res = await setPassword(session.token, body);
      expect(envelope(res)).toMatchObject({
        code: Code.SIGNIN_WRONG_PASSWORD,
        data: { fields: [{ field: 'body.current_password' }] },
      });
    }
    expect(envelope(await passwordLogin(phone, password)).code).toBe(200);

    expect(
      envelope(await setPassword(session.token, { password: 'new password 1', current_password: password })).code,
    ).toBe(200);
    expect(envelope(await passwordLogin(phone, password)).code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    expect(envelope(await passwordLogin(phone, 'new password 1')).code).toBe(200);
    // The session that changed it stays; the other device signs in again.
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: token } });
    expect(envelope(await get(session.token)).code).toBe(200);
    expect(envelope(await get(other.token)).code).toBe(Code.SESSION_REVOKED);
  });

  it.each([
    [{ password: 'short' }, 'body.password'],
    [{ password: 'x'.repeat(73) }, 'body.password'],
    [{}, 'body.password'],
    [{ password: 'long enough', current_password: 'y'.repeat(141) }, 'body.current_password'],
  ])('refuses %j with 10001 naming %s and changes nothing', async (body, field) => {
    const phone = newPhone();
    const session = await signIn({ app: t.app, sms }, phone);
    const res = await setPassword(session.token, body);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
    const me = envelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: session.token } }),
    );
    expect(me.data.has_password).toBe(false);
  });

  it('answers 10027 to a visitor', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/user/password', payload: { password: 'whatever1' } });
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('POST /auth/password/login', () => {
  it('signs in with phone and password and answers the session', async () => {
    const { phone, session, password } = await accountWithPassword();
    const res = await passwordLogin(phone, password);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toMatchObject({
      token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 7200,
      user: { uid: session.user.uid, has_password: true },
    });
  });

  it('answers the same 70004 for a wrong password, an unknown phone and an account without password', async () => {
    const { phone } = await accountWithPassword();
    const withoutPassword = newPhone();
    await signIn({ app: t.app, sms }, withoutPassword);
    const answers = [
      await passwordLogin(phone, 'wrong password'),
      await passwordLogin(newPhone(), 'wrong password'),
      await passwordLogin(withoutPassword, 'wrong password'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(409);
      expect(envelope(res)).toEqual(envelope(answers[0]!));
      expect(envelope(res).code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    }
  });

  it('refuses a malformed phone with 70003', async () => {
    expect(envelope(await passwordLogin('12345', 'whatever')).code).toBe(Code.SIGNIN_BAD_PHONE);
  });

  it('caps attempts per phone at LOGIN_HOURLY_CAP, even with the right password, for an hour', async () => {
    const { phone, password } = await accountWithPassword();
    for (let i = 0; i < 4; i += 1) {
      expect(envelope(await passwordLogin(phone, 'wrong guess')).code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    }
    const capped = await passwordLogin(phone, password);
    expect(capped.statusCode).toBe(429);
    expect(envelope(capped)).toMatchObject({
      code: Code.TOO_MANY_REQUESTS,
      data: { retry_after_s: expect.any(Number) },
    });
    expect(envelope(capped).data.retry_after_s).toBeGreaterThan(3500);
    clock.advance(3600);
    expect(envelope(await passwordLogin(phone, password)).code).toBe(200);
  });

  it('caps attempts per client IP at LOGIN_HOURLY_CAP across phones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect(envelope(await passwordLogin(newPhone(), 'guess guess', ip)).code).toBe(Code.SIGNIN_WRONG_PASSWORD);
    }
    const capped = await passwordLogin(newPhone(), 'guess guess', ip);
    expect(envelope(capped)).toMatchObject({
      code: Code.TOO_MANY_REQUESTS,
      data: { retry_after_s: expect.any(Number) },
    });
    expect(envelope(await passwordLogin(newPhone(), 'guess guess')).code).toBe(Code.SIGNIN_WRONG_PASSWORD);
  });

  it.each([
    [{ phone: '+905321234567' }, 'body.password'],
    [{ phone: '+905321234567', password: '' }, 'body.password'],
    [{ password: 'x' }, 'body.phone'],
  ])('refuses %j with 10001 naming %s', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/login', payload });
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
  });
});

describe('POST /auth/password/login with PASSWORD_LOGIN_ENABLED=false', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { PASSWORD_LOGIN_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 70007 (HTTP 403)', async () => {
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/login',
      payload: { phone: '+905321234567', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(403);
    expect(envelope(res).code).toBe(Code.SIGNIN_METHOD_DISABLED);
  });
});
