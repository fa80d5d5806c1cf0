import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, sendCode } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const sms = new RecordingSmsSender();
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    smsSender: sms,
    env: { SMS_PHONE_HOURLY_CAP: '3', SMS_IP_HOURLY_CAP: '4', SMS_RESEND_S: '60' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('SMS hourly caps', () => {
  it('caps codes per phone at SMS_PHONE_HOURLY_CAP whatever the client, with retry_after_s', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i += 1) {
      expect(envelope(await sendCode(t.app, phone, `10.1.0.${i + 1}`)).code).toBe(200);
      clock.advance(61);
    }
    const before = sms.sent.length;
    const capped = await sendCode(t.app, phone, '10.1.0.9');
    expect(capped.statusCode).toBe(429);
    expect(envelope(capped)).toMatchObject({ code: Code.TOO_MANY_REQUESTS, data: { retry_after_s: 3600 - 3 * 61 } });
    expect(sms.sent.length).toBe(before);

    clock.advance(3600 - 3 * 61);
    expect(envelope(await sendCode(t.app, phone, '10.1.0.9')).code).toBe(200);
  });

  it('caps codes per client IP at SMS_IP_HOURLY_CAP across phones', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 4; i += 1) expect(envelope(await sendCode(t.app, newPhone(), ip)).code).toBe(200);
    const before = sms.sent.length;
    const capped = await sendCode(t.app, newPhone(), ip);
    expect(envelope(capped)).toMatchObject({ code: Code.TOO_MANY_REQUESTS, data: { retry_after_s: 3600 } });
    expect(sms.sent.length).toBe(before);
    // Another client is not affected.
    expect(envelope(await sendCode(t.app, newPhone(), '10.2.0.2')).code).toBe(200);
  });

  it('does not count a resend refused as too early against the cap', async () => {
    const phone = newPhone();
    expect(envelope(await sendCode(t.app, phone, '10.3.0.1')).code).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect(envelope(await sendCode(t.app, phone, '10.3.0.1')).code).toBe(Code.SIGNIN_RESEND_TOO_EARLY);
    }
    clock.advance(61);
    expect(envelope(await sendCode(t.app, phone, '10.3.0.1')).code).toBe(200);
  });
});
