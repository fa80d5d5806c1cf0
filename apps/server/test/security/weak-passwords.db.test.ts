import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, signIn } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** NIST SP 800-63B: refuse common passwords and one repeated character, nothing more. */
const sms = new RecordingSmsSender();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, env: { SMS_IP_HOURLY_CAP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

const setPassword = async (token: string, password: string) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/password', headers: bearer(token), payload: { password } });

describe('weak passwords', () => {
  it.each([['12345678'], ['password'], ['Password1'], ['        '], ['aaaaaaaaaa'], ['qwertyuiop']])(
    'refuses %j with 70009 naming body.password',
    async (password) => {
      const me = await signIn({ app: t.app, sms });
      const res = await setPassword(me.token, password);
      expect(res.statusCode).toBe(400);
      expect(envelope(res)).toMatchObject({ code: Code.PASSWORD_TOO_WEAK, data: { fields: [{ field: 'body.password' }] } });
    },
  );

  it('accepts a passphrase without composition rules', async () => {
    const me = await signIn({ app: t.app, sms });
    expect(envelope(await setPassword(me.token, 'correct horse battery')).code).toBe(200);
  });
});
