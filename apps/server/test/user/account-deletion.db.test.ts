import { Code } from '@cliffhanger/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { userIdentities, users } from '../../src/db/schema.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, newPhone, signIn } from '../helpers/accounts.js';
import { multipartBody } from '../helpers/multipart.js';
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

const auth = (token: string) => ({ authorization: token });

async function userRow(id: number) {
  const [row] = await t.app.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('DELETE /user', () => {
  it('revokes every session, removes personal data, keeps the row and remembers the phone only as a keyed hash', async () => {
    const phone = newPhone();
    const device1 = await signIn({ app: t.app, sms }, phone);
    clock.advance(61);
    const device2 = await signIn({ app: t.app, sms }, phone);
    const uid = device1.user.uid;
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: auth(device1.token),
      payload: { nickname: 'Soon Gone', username: 'soon_gone' },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: auth(device1.token),
      payload: { password: 'a password' },
    });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { field: 'file', filename: 'a.png', contentType: 'image/png', bytes: png },
    ]);
    const avatar = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/avatar',
        payload,
        headers: { ...headers, ...auth(device1.token) },
      }),
    ).data.avatar as string;
    await t.app.database.db.insert(userIdentities).values({ userId: uid, provider: 'google', subject: `sub-${uid}` });

    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/user', headers: auth(device1.token) });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ code: 200, message: 'OK', data: null });

    // Every token of every session of the account is dead.
    for (const token of [device1.token, device1.refresh_token, device2.token, device2.refresh_token]) {
      const again = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: auth(token) });
      expect(again.statusCode).toBe(401);
      expect(envelope(again).code).toBe(Code.SESSION_REVOKED);
    }
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: device2.refresh_token },
    });
    expect(envelope(refreshed).code).toBe(Code.SESSION_REVOKED);

    expect(await userRow(uid)).toMatchObject({
      phone: null,
      passwordHash: null,
      nickname: '',
      username: null,
      avatar: '',
      deletedAt: clock.now(),
    });
    const phoneHash = t.app.services.hasher.hash(phone);
    expect(phoneHash).toMatch(/^[0-9a-f]{64}$/);
    const deleted = await queryRows<{ phone_hash: string }>(
      t.app.database.db,
      sql`select phone_hash from deleted_phones`,
    );
    expect(deleted).toContainEqual({ phone_hash: phoneHash });
    expect(JSON.stringify(deleted)).not.toContain(phone.slice(1));
    const leftovers = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select (select count(*) from sms_codes where phone = ${phone})
            + (select count(*) from user_identities where user_id = ${uid})
            + (select count(*) from sessions where user_id = ${uid} and (ip <> '' or user_agent <> ''))
            + (select count(*) from sessions where user_id = ${uid} and revoked_at is null) as n`,
    );
    expect(Number(leftovers[0]?.n)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/media/${avatar}` })).statusCode).toBe(404);

    // The same phone signs up as a new account that counts as seen before (invites,
    // docs/product.md#validation-rules).
    clock.advance(61);
    const again = await signIn({ app: t.app, sms }, phone);
    expect(again.user.uid).not.toBe(uid);
    expect(again.user.nickname).not.toBe('Soon Gone');
    expect(await userRow(again.user.uid)).toMatchObject({ phone, phoneSeenBefore: true, deletedAt: null });
    // The username is free again.
    const other = await signIn({ app: t.app, sms });
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: auth(other.token),
      payload: { username: 'soon_gone' },
    });
    expect(envelope(taken).code).toBe(200);
  });

  it('marks a never-deleted phone as not seen before', async () => {
    const session = await signIn({ app: t.app, sms });
    expect(await userRow(session.user.uid)).toMatchObject({ phoneSeenBefore: false });
  });

  it('answers 10027 to a visitor and deletes nothing', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});
