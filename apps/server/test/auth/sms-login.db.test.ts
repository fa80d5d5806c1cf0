import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, newPhone, sendCode, signIn, smsLogin } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

/** Rows of a table for one phone, to prove that a refused request changed nothing. */
async function codeRows(phone: string) {
  return queryRows<{ consumed_at: Date | null; failed_attempts: number; code_hash: string }>(
    t.app.database.db,
    sql`select consumed_at, failed_attempts, code_hash from sms_codes where phone = ${phone} order by id`,
  );
}

async function userCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app.database.db, sql`select count(*)::int as n from users`);
  return row?.n ?? 0;
}

describe('POST /auth/sms/send', () => {
  it('sends a six-digit code and answers resend_in', async () => {
    const phone = newPhone();
    const res = await sendCode(t.app, phone);
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ code: 200, message: 'OK', data: { resend_in: 60 } });
    const last = sms.sent.at(-1);
    expect(last?.to).toBe(phone);
    expect(last?.text).toMatch(/^Your Cliffhanger code is \d{6}$/);
  });

  it('normalises the phone to E.164', async () => {
    const phone = newPhone();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    expect(envelope(await sendCode(t.app, spaced)).code).toBe(200);
    expect(sms.sent.at(-1)?.to).toBe(phone);
  });

  it('stores only a keyed hash of the code', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    const [row] = await codeRows(phone);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(row?.code_hash).toBe(t.app.services.hasher.hash(`${phone}:${code}`));
  });

  it.each([['+90 123'], ['05321234567'], ['not a phone'], ['+1 555 555 0100']])(
    'refuses the malformed phone %j with 70003 naming body.phone and sends nothing',
    async (phone) => {
      const before = sms.sent.length;
      const res = await sendCode(t.app, phone);
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({
        code: Code.SIGNIN_BAD_PHONE,
        data: { fields: [{ field: 'body.phone' }] },
      });
      expect(sms.sent.length).toBe(before);
    },
  );

  it('refuses an empty or missing phone with 10001 naming body.phone', async () => {
    for (const payload of [{ phone: '' }, {}, { phone: 'x'.repeat(141) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sms/send', payload });
      expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'body.phone' }] } });
    }
  });

  it('refuses a resend within SMS_RESEND_S with 70006 and the seconds left, then allows it', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const first = sms.lastCodeFor(phone);
    clock.advance(20);
    const early = await sendCode(t.app, phone);
    expect(early.statusCode).toBe(429);
    expect(envelope(early)).toMatchObject({ code: Code.SIGNIN_RESEND_TOO_EARLY, data: { resend_in: 40 } });
    expect(await codeRows(phone)).toHaveLength(1);

    clock.advance(40);
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
    // The new code supersedes the old one.
    const rows = await codeRows(phone);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.consumed_at).not.toBeNull();
    expect(rows[1]?.consumed_at).toBeNull();
    const second = sms.lastCodeFor(phone);
    if (first !== second) expect(envelope(await smsLogin(t.app, phone, first)).code).toBe(Code.SIGNIN_WRONG_CODE);
    expect(envelope(await smsLogin(t.app, phone, second)).code).toBe(200);
  });

  it('answers identically for a registered and an unregistered phone', async () => {
    const registered = newPhone();
    await signIn({ app: t.app, sms }, registered);
    clock.advance(61);
    const fresh = newPhone();
    const a = await sendCode(t.app, registered);
    const b = await sendCode(t.app, fresh);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  it('answers 70005 when the provider fails and leaves no usable code', async () => {
    const phone = newPhone();
    sms.failNext();
    const res = await sendCode(t.app, phone);
    expect(res.statusCode).toBe(409);
    expect(envelope(res).code).toBe(Code.SIGNIN_PROVIDER_ERROR);
    expect(await codeRows(phone)).toEqual([]);
    // Not blocked by the resend interval: nothing was delivered.
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
  });
});

describe('POST /auth/sms/login', () => {
  it('registers on first sign-in and answers the session with the user', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const before = await userCount();
    const res = await smsLogin(t.app, phone, sms.lastCodeFor(phone));
    expect(res.statusCode).toBe(200);
    const { data } = envelope(res);
    expect(data).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 7200,
      user: {
        uid: expect.any(Number),
        nickname: expect.stringMatching(/^user_[a-z2-9]{6}$/),
        username: null,
        avatar: '',
        coin: 0,
        vip: { active: false, expires_at: null },
        invite_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
        phone_masked: `+90 ••••••${phone.slice(-4)}`,
        has_password: false,
        created_at: clock.now().toISOString(),
      },
    });
    expect(data.token).not.toBe(data.refresh_token);
    expect(await userCount()).toBe(before + 1);
  });

  it('signs an existing account in without creating another', async () => {
    const phone = newPhone();
    const first = await signIn({ app: t.app, sms }, phone);
    clock.advance(61);
    const before = await userCount();
    const second = await signIn({ app: t.app, sms }, phone);
    expect(second.user.uid).toBe(first.user.uid);
    expect(second.token).not.toBe(first.token);
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong code with 70001 and counts the try', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await smsLogin(t.app, phone, wrong);
    expect(res.statusCode).toBe(409);
    expect(envelope(res)).toMatchObject({ code: Code.SIGNIN_WRONG_CODE, data: { attempts_left: 4 } });
    expect((await codeRows(phone))[0]).toMatchObject({ failed_attempts: 1, consumed_at: null });
    expect(envelope(await smsLogin(t.app, phone, code)).code).toBe(200);
  });

  it('invalidates the code at the 5th wrong try: the 6th, even right, answers 70002', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push(envelope(await smsLogin(t.app, phone, wrong)).code);
    expect(codes).toEqual(Array(5).fill(Code.SIGNIN_WRONG_CODE));
    const before = await userCount();
    const sixth = await smsLogin(t.app, phone, code);
    expect(envelope(sixth).code).toBe(Code.SIGNIN_CODE_EXPIRED);
    expect(await userCount()).toBe(before);
  });

  it('refuses an expired code with 70002', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    clock.advance(600);
    const before = await userCount();
    const res = await smsLogin(t.app, phone, code);
    expect(res.statusCode).toBe(409);
    expect(envelope(res).code).toBe(Code.SIGNIN_CODE_EXPIRED);
    expect(await userCount()).toBe(before);
  });

  it('accepts a code just before it expires', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    clock.advance(599);
    expect(envelope(await smsLogin(t.app, phone, sms.lastCodeFor(phone))).code).toBe(200);
  });

  it('refuses a reused code with 70002', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    expect(envelope(await smsLogin(t.app, phone, code)).code).toBe(200);
    const again = await smsLogin(t.app, phone, code);
    expect(envelope(again).code).toBe(Code.SIGNIN_CODE_EXPIRED);
  });

  it('refuses a phone that was never sent a code with 70002', async () => {
    expect(envelope(await smsLogin(t.app, newPhone(), '123456')).code).toBe(Code.SIGNIN_CODE_EXPIRED);
  });

  it('creates exactly one account when the same sign-in is submitted twice at once', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const code = sms.lastCodeFor(phone);
    const before = await userCount();
    const answers = await Promise.all([smsLogin(t.app, phone, code), smsLogin(t.app, phone, code)]);
    expect(answers.map((res) => envelope(res).code).sort((a, b) => a - b)).toEqual([200, Code.SIGNIN_CODE_EXPIRED]);
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    [{ phone: '+905321111111', code: '12345' }, 'body.code'],
    [{ phone: '+905321111111', code: 'abcdef' }, 'body.code'],
    [{ phone: '+905321111111' }, 'body.code'],
    [{ code: '123456' }, 'body.phone'],
  ])('refuses %j with 10001 naming %s', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sms/login', payload });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
  });

  it('refuses a malformed phone with 70003', async () => {
    expect(envelope(await smsLogin(t.app, '+90 12', '123456')).code).toBe(Code.SIGNIN_BAD_PHONE);
  });

  it('ignores a stale Authorization header on sign-in routes', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const res = await smsLogin(t.app, phone, sms.lastCodeFor(phone), { headers: bearer('stale-token') });
    expect(envelope(res).code).toBe(200);
  });
});
