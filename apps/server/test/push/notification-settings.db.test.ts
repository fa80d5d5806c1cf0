import { createECDH, randomBytes } from 'node:crypto';
import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { PUSH_DEVICES_MAX } from '../../src/services/push/push-settings.service.js';
import { createPushKit, type PushKit } from './push-kit.js';

let kit: PushKit;

beforeAll(async () => {
  kit = await createPushKit();
});
afterAll(async () => {
  await kit?.close();
});

const devicesOf = (userId: number) =>
  kit.scalar(sql`SELECT count(*) FROM push_subscriptions WHERE user_id = ${userId}`);

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const SETTINGS = {
  new_episodes: true,
  checkin_reminder: false,
  checkin_time: '19:30',
  vip_renewal: true,
  quiet_start: '23:00',
  quiet_end: '07:00',
  time_zone: 'Europe/Istanbul',
  language: 'tr',
};

describe('GET/PUT /notifications/settings', () => {
  it('answers 10027 to a visitor on every notification endpoint', async () => {
    expect(envelope(await kit.call('GET', '/notifications/settings')).code).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await kit.call('PUT', '/notifications/settings', { payload: SETTINGS })).code).toBe(
      Code.NOT_SIGNED_IN,
    );
    expect(
      envelope(
        await kit.call('POST', '/notifications/subscriptions', {
          payload: { platform: 'web', ...kit.webPush.subscribe() },
        }),
      ).code,
    ).toBe(Code.NOT_SIGNED_IN);
    expect(envelope(await kit.call('DELETE', '/notifications/subscriptions')).code).toBe(Code.NOT_SIGNED_IN);
  });

  it('starts with everything off, the default quiet hours and the VAPID key', async () => {
    const me = await kit.user();
    const { code, data } = envelope(await kit.call('GET', '/notifications/settings', { token: me.token }));
    expect(code).toBe(200);
    expect(data).toMatchObject({
      new_episodes: false,
      checkin_reminder: false,
      vip_renewal: false,
      quiet_start: '22:00',
      quiet_end: '08:00',
      devices: 0,
    });
    // An uncompressed P-256 point, base64url: what pushManager.subscribe takes.
    expect(Buffer.from(data.web_push_key as string, 'base64url')).toHaveLength(65);
  });

  it('keeps what the viewer chose, for that viewer only', async () => {
    const me = await kit.user();
    const other = await kit.user();
    const put = envelope(await kit.call('PUT', '/notifications/settings', { token: me.token, payload: SETTINGS }));
    expect(put.code).toBe(200);
    expect(put.data).toMatchObject(SETTINGS);
    expect(envelope(await kit.call('GET', '/notifications/settings', { token: me.token })).data).toMatchObject(
      SETTINGS,
    );
    expect(envelope(await kit.call('GET', '/notifications/settings', { token: other.token })).data).toMatchObject({
      new_episodes: false,
      time_zone: 'UTC',
    });
  });

  it('refuses a bad time, zone or language with 10001 naming the field, changing nothing', async () => {
    const me = await kit.user();
    for (const [field, value] of [
      ['checkin_time', '24:00'],
      ['quiet_start', '7:00'],
      ['time_zone', 'Mars/Olympus'],
      ['language', 'de'],
      ['new_episodes', 'yes'],
    ] as const) {
      const res = envelope(
        await kit.call('PUT', '/notifications/settings', { token: me.token, payload: { ...SETTINGS, [field]: value } }),
      );
      expect(res.code, field).toBe(Code.INVALID_INPUT);
      expect(JSON.stringify(res.data), field).toContain(`body.${field}`);
    }
    expect(await kit.scalar(sql`SELECT count(*) FROM push_preferences WHERE user_id = ${me.user.uid}`)).toBe(0);
  });
});

describe('POST/DELETE /notifications/subscriptions', () => {
  it('stores a browser subscription once, however often it is sent', async () => {
    const me = await kit.user();
    const subscription = kit.webPush.subscribe();
    for (let i = 0; i < 2; i += 1) {
      const res = envelope(
        await kit.call('POST', '/notifications/subscriptions', {
          token: me.token,
          payload: { platform: 'web', ...subscription },
        }),
      );
      expect(res).toMatchObject({ code: 200, data: { devices: 1 } });
    }
    expect(await devicesOf(me.user.uid)).toBe(1);
  });

  it('refuses a foreign push service with 91002 and malformed keys with 91001, storing nothing', async () => {
    const me = await kit.user();
    const post = (payload: unknown) => kit.call('POST', '/notifications/subscriptions', { token: me.token, payload });
    expect(
      envelope(await post({ platform: 'web', endpoint: 'https://attacker.example/hook', keys: browserKeys() })).code,
    ).toBe(Code.PUSH_SERVICE_UNKNOWN);
    expect(
      envelope(await post({ platform: 'web', endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: browserKeys() }))
        .code,
    ).toBe(Code.PUSH_SUBSCRIPTION_INVALID);
    expect(
      envelope(
        await post({
          platform: 'web',
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { ...browserKeys(), p256dh: randomBytes(65).toString('base64url') },
        }),
      ).code,
    ).toBe(Code.PUSH_SUBSCRIPTION_INVALID);
    expect(
      envelope(
        await post({
          platform: 'web',
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { ...browserKeys(), auth: randomBytes(8).toString('base64url') },
        }),
      ).code,
    ).toBe(Code.PUSH_SUBSCRIPTION_INVALID);
    expect(envelope(await post({ platform: 'web', endpoint: 'https://fcm.googleapis.com/x' })).code).toBe(
      Code.INVALID_INPUT,
    );
    expect(envelope(await post({ platform: 'ios', token: 'not-hex' })).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await post({ platform: 'android', token: 'ab' })).code).toBe(Code.INVALID_INPUT);
    expect(await devicesOf(me.user.uid)).toBe(0);
  });

  it(`keeps a viewer's ${PUSH_DEVICES_MAX} newest devices: the oldest goes`, async () => {
    const me = await kit.user();
    const first = await kit.subscribeWeb(me.token);
    for (let i = 1; i < PUSH_DEVICES_MAX; i += 1) {
      kit.clock.advance(1);
      await kit.subscribeWeb(me.token);
    }
    expect(await devicesOf(me.user.uid)).toBe(PUSH_DEVICES_MAX);
    kit.clock.advance(1);
    const last = await kit.subscribeWeb(me.token);
    expect(await devicesOf(me.user.uid)).toBe(PUSH_DEVICES_MAX);
    const endpoints = await kit.scalar(
      sql`SELECT count(*) FROM push_subscriptions WHERE endpoint IN (${first.endpoint}, ${last.endpoint})`,
    );
    expect(endpoints).toBe(1);
    expect(await kit.scalar(sql`SELECT count(*) FROM push_subscriptions WHERE endpoint = ${last.endpoint}`)).toBe(1);
  });

  it('stores an iOS device token (APNs is configured here)', async () => {
    const me = await kit.user();
    const token = randomBytes(32).toString('hex');
    const res = envelope(
      await kit.call('POST', '/notifications/subscriptions', { token: me.token, payload: { platform: 'ios', token } }),
    );
    expect(res).toMatchObject({ code: 200, data: { devices: 1 } });
  });

  it('moves a device to the viewer who subscribed it last: the previous one loses it', async () => {
    const first = await kit.user();
    const second = await kit.user();
    const subscription = kit.webPush.subscribe();
    await kit.call('POST', '/notifications/subscriptions', {
      token: first.token,
      payload: { platform: 'web', ...subscription },
    });
    await kit.call('POST', '/notifications/subscriptions', {
      token: second.token,
      payload: { platform: 'web', ...subscription },
    });
    expect(await devicesOf(first.user.uid)).toBe(0);
    expect(await devicesOf(second.user.uid)).toBe(1);
  });

  it('unsubscribes every device of the viewer at once, and nobody else’s', async () => {
    const me = await kit.user();
    const other = await kit.user();
    await kit.subscribeWeb(me.token);
    await kit.subscribeWeb(me.token);
    await kit.subscribeWeb(other.token);
    expect(await devicesOf(me.user.uid)).toBe(2);
    const res = envelope(await kit.call('DELETE', '/notifications/subscriptions', { token: me.token }));
    expect(res).toMatchObject({ code: 200, data: { devices: 0 } });
    expect(await devicesOf(me.user.uid)).toBe(0);
    expect(await devicesOf(other.user.uid)).toBe(1);
  });

  it('deleting the account removes its devices and choices in the same step', async () => {
    const me = await kit.user();
    await kit.optIn(me.token);
    await kit.subscribeWeb(me.token);
    await kit.subscribeWeb(me.token);
    expect(envelope(await kit.call('DELETE', '/user', { token: me.token })).code).toBe(200);
    expect(await devicesOf(me.user.uid)).toBe(0);
    expect(await kit.scalar(sql`SELECT count(*) FROM push_preferences WHERE user_id = ${me.user.uid}`)).toBe(0);
  });
});
