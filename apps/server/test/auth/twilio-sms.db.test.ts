import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { SmsDeliveryError } from '../../src/services/sms/sms-sender.js';
import { TwilioSmsSender } from '../../src/services/sms/twilio-sms-sender.js';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-tests';
const FROM = '+15005550006';

let twilio: FakeTwilio;
let t: TestApp;

beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  t = await createTestApp({
    env: {
      APP_NAME: 'Tester',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_BASE: twilio.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const silentLog = { warn: () => undefined };

describe('SMS_PROVIDER=twilio', () => {
  it('sends the code through the Twilio Messages API and signs in with it', async () => {
    const phone = newPhone();
    expect(envelope(await sendCode(t.app, phone)).code).toBe(200);
    const message = twilio.messages.at(-1);
    expect(message).toMatchObject({ to: phone, from: FROM, messagingServiceSid: null });
    expect(message?.body).toMatch(/^Your Tester code is \d{6}$/);
    expect(message?.request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(message?.request.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(message?.request.form ?? {}).sort()).toEqual(['Body', 'From', 'To']);

    const code = twilio.lastCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(envelope(await smsLogin(t.app, phone, code ?? '')).code).toBe(200);
  });

  it('answers 70005 when Twilio refuses, and leaves no usable code', async () => {
    const phone = newPhone();
    twilio.failNext({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const res = await sendCode(t.app, phone);
    expect(res.statusCode).toBe(409);
    expect(envelope(res).code).toBe(Code.SIGNIN_PROVIDER_ERROR);
    expect(twilio.rejected.at(-1)?.code).toBe(21610);
    const rows = await queryRows(t.app.database.db, sql`select id from sms_codes where phone = ${phone}`);
    expect(rows).toEqual([]);
  });
});

describe('TwilioSmsSender against the fake', () => {
  it('uses MessagingServiceSid instead of From when configured', async () => {
    const sender = new TwilioSmsSender(
      { accountSid: SID, authToken: TOKEN, from: FROM, messagingServiceSid: 'MG0123456789abcdef', apiBase: twilio.url },
      silentLog,
    );
    await sender.send('+905321234567', 'hello');
    expect(twilio.messages.at(-1)?.request.form).toEqual({
      To: '+905321234567',
      Body: 'hello',
      MessagingServiceSid: 'MG0123456789abcdef',
    });
  });

  it('rejects with SmsDeliveryError and logs Twilio code and message on a wrong auth token', async () => {
    const logged: object[] = [];
    const sender = new TwilioSmsSender(
      { accountSid: SID, authToken: 'wrong', from: FROM, messagingServiceSid: undefined, apiBase: twilio.url },
      { warn: (obj: object) => logged.push(obj) },
    );
    await expect(sender.send('+905321234567', 'hello')).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(logged.at(-1)).toMatchObject({ status: 401, twilioCode: 20003, twilioMessage: 'Authenticate' });
  });

  it('rejects with SmsDeliveryError when Twilio cannot be reached', async () => {
    const sender = new TwilioSmsSender(
      { accountSid: SID, authToken: TOKEN, from: FROM, messagingServiceSid: undefined, apiBase: 'http://127.0.0.1:1' },
      silentLog,
    );
    await expect(sender.send('+905321234567', 'hello')).rejects.toBeInstanceOf(SmsDeliveryError);
  });
});
