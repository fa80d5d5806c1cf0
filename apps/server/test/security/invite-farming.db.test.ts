import { Code, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { bearer, envelope, newPhone, sendCode, smsLogin } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Invites between one person's accounts: reciprocal codes and many accounts on one network. */
const sms = new RecordingSmsSender();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    smsSender: sms,
    env: { SMS_IP_HOURLY_CAP: '100000', SMS_PHONE_HOURLY_CAP: '1000', INVITE_SAME_NETWORK_CAP: '1' },
  });
});
afterAll(async () => {
  await t?.close();
});

/** A new account signed in from `ip`. */
async function userFrom(ip: string): Promise<Session> {
  const phone = newPhone();
  await sendCode(t.app, phone, ip);
  const res = await smsLogin(t.app, phone, sms.lastCodeFor(phone), { remoteAddress: ip });
  return envelope<Session>(res).data;
}

async function inviteCodeOf(uid: number): Promise<string> {
  const [row] = await queryRows<{ code: string }>(t.app.database.db, sql`select invite_code as code from users where id = ${uid}`);
  return row!.code;
}

const enter = async (who: Session, inviter: Session) =>
  envelope(
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invite/${await inviteCodeOf(inviter.user.uid)}`,
      headers: bearer(who.token),
    }),
  );

const coinOf = async (uid: number) => {
  const [row] = await queryRows<{ coin: number }>(t.app.database.db, sql`select coin from users where id = ${uid}`);
  return row!.coin;
};

describe('invite farming', () => {
  it('refuses a reciprocal invite with 60007 and pays nothing for it', async () => {
    const a = await userFrom('198.51.100.1');
    const b = await userFrom('203.0.113.7');
    expect((await enter(b, a)).code).toBe(200);
    const back = await enter(a, b);
    expect(back.code).toBe(Code.INVITE_RECIPROCAL);
    expect(await coinOf(a.user.uid)).toBe(0);
  });

  it('allows INVITE_SAME_NETWORK_CAP invites from the inviter\'s network, then answers 60008', async () => {
    const inviter = await userFrom('192.0.2.10');
    const first = await userFrom('192.0.2.10');
    const second = await userFrom('192.0.2.10');
    expect((await enter(first, inviter)).code).toBe(200);
    const refused = await enter(second, inviter);
    expect(refused).toMatchObject({ code: Code.INVITE_SAME_NETWORK, data: { same_network_cap: 1 } });
    expect(await coinOf(second.user.uid)).toBe(0);
    // Someone on another network still counts.
    const elsewhere = await userFrom('192.0.2.99');
    expect((await enter(elsewhere, inviter)).code).toBe(200);
  });
});
