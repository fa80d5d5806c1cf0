import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** Guessing a sign-in code across resends, and the per-phone daily cap kept in the database. */
const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: { SMS_PHONE_HOURLY_CAP: '1000', SMS_IP_HOURLY_CAP: '1000', SMS_PHONE_DAILY_CAP: '4', SMS_RESEND_S: '60' },
  });
});
afterAll(async () => {
  await t?.close();
});

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function liveCodes(phone: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.database.db,
    sql`select count(*)::int as n from sms_codes where phone = ${phone} and consumed_at is null`,
  );
  return row?.n ?? 0;
}

describe('SMS sign-in tries are counted per phone', () => {
  it('a resend does not give five fresh guesses: five wrong tries over two codes end the newest', async () => {
    const phone = newPhone();
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
    const first = sms.lastCodeFor(phone);
    for (let i = 0; i < 3; i += 1) expect(envelope(await smsLogin(t.app, phone, wrong(first))).code).toBe(Code.SIGNIN_WRONG_CODE);
    clock.advance(61);
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
    const second = sms.lastCodeFor(phone);
    const fourth = envelope(await smsLogin(t.app, phone, wrong(second)));
    expect(fourth).toMatchObject({ code: Code.SIGNIN_WRONG_CODE, data: { attempts_left: 1 } });
    expect(envelope(await smsLogin(t.app, phone, wrong(second)))).toMatchObject({ data: { attempts_left: 0 } });
    // The right code of the live SMS no longer works, nor the older one.
    expect(envelope(await smsLogin(t.app, phone, second)).code).toBe(Code.SIGNIN_CODE_EXPIRED);
    expect(envelope(await smsLogin(t.app, phone, first)).code).toBe(Code.SIGNIN_CODE_EXPIRED);
  });

  it('a new send leaves exactly one live code, and the older code no longer signs in', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    const older = sms.lastCodeFor(phone);
    clock.advance(61);
    await sendCode(t.app, phone);
    expect(await liveCodes(phone)).toBe(1);
    expect(envelope(await smsLogin(t.app, phone, older)).code).not.toBe(200);
    expect(envelope(await smsLogin(t.app, phone, sms.lastCodeFor(phone))).code).toBe(200);
  });

  it('tries come back an hour after the failures', async () => {
    const phone = newPhone();
    await sendCode(t.app, phone);
    for (let i = 0; i < 5; i += 1) await smsLogin(t.app, phone, wrong(sms.lastCodeFor(phone)));
    clock.advance(3601);
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
    expect(envelope(await smsLogin(t.app, phone, sms.lastCodeFor(phone))).code).toBe(200);
  });
});

describe('SMS_PHONE_DAILY_CAP', () => {
  it('refuses the fifth code in 24 hours with 10003, sends nothing, and allows one a day later', async () => {
    const phone = newPhone();
    for (let i = 0; i < 4; i += 1) {
      expect(envelope(await sendCode(t.app, phone, `10.9.0.${i + 1}`)).code).toBe(200);
      clock.advance(3 * 3600);
    }
    const before = sms.sent.length;
    const capped = await sendCode(t.app, phone, '10.9.1.1');
    expect(capped.statusCode).toBe(429);
    expect(envelope(capped)).toMatchObject({ code: Code.TOO_MANY_REQUESTS, data: { retry_after_s: expect.any(Number) } });
    expect(sms.sent.length).toBe(before);
    clock.advance(24 * 3600);
    expect(envelope(await sendCode(t.app, phone, '10.9.1.1')).code).toBe(200);
  });
});
