import { randomBytes, randomUUID } from 'node:crypto';
import type { Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, subscriptions } from '../../src/db/payments.schema.js';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt } from '../helpers/catalog-fixture.js';
import { APNS_TOPIC, createPushKit, type PushKit } from './push-kit.js';

let kit: PushKit;

beforeAll(async () => {
  kit = await createPushKit();
});
afterAll(async () => {
  await kit?.close();
});
// Noon UTC: outside the default quiet hours in UTC.
beforeEach(() => kit.clock.set('2026-11-21T12:00:00.000Z'));

const dispatch = () => kit.t.app.services.push.dispatch;
const follow = (token: string, dramaId: number) => kit.call('PUT', `/favorites/${dramaId}`, { token });
const pushesTo = (endpoint: string) => kit.webPush.received.filter((push) => push.endpoint === endpoint);
const devicesOf = (userId: number) =>
  kit.scalar(sql`SELECT count(*) FROM push_subscriptions WHERE user_id = ${userId}`);

async function subscribeIos(token: string): Promise<string> {
  const device = randomBytes(32).toString('hex');
  const res = await kit.call('POST', '/notifications/subscriptions', {
    token,
    payload: { platform: 'ios', token: device },
  });
  expect(envelope(res).code).toBe(200);
  return device;
}

/** A drama with its last episode "new": the fan-out runs for that episode. */
async function dramaWithNewEpisode() {
  const { drama, episodes } = await seedDrama(kit.t.app, { episodes: 3 });
  const episode = episodes[2];
  if (!episode) throw new Error('no episode');
  return { drama, episode };
}

async function follower(dramaId: number, overrides: Record<string, unknown> = {}): Promise<Session> {
  const viewer = await kit.user();
  await kit.optIn(viewer.token, overrides);
  expect(envelope(await follow(viewer.token, dramaId)).code).toBe(200);
  return viewer;
}

describe('new episodes of collected dramas', () => {
  it('reaches every device of each follower who opted in, with the real protocol on both platforms', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    const web = await kit.subscribeWeb(viewer.token);
    const ios = await subscribeIos(viewer.token);
    const key = envelope(await kit.call('GET', '/notifications/settings', { token: viewer.token })).data
      .web_push_key as string;

    expect(await dispatch().notifyNewEpisode(episode.id)).toEqual({ viewers: 1, deliveries: 2 });
    expect(await dispatch().deliverDue()).toEqual({ sent: 2, gone: 0, retried: 0, failed: 0 });

    const [push] = pushesTo(web.endpoint);
    expect(push?.vapidKey).toBe(key);
    expect(push?.claims.aud).toBe(kit.webPush.origin);
    expect(JSON.parse(push?.body ?? '{}')).toEqual({
      title: `Episode 3 of ${drama.title.en} is out`,
      body: 'Watch it now.',
      url: `/pages/video/index?drama_id=${drama.id}&episode_id=${episode.id}`,
    });
    const apns = kit.apns.received.filter((n) => n.token === ios);
    expect(apns).toHaveLength(1);
    expect(apns[0]).toMatchObject({
      pushType: 'alert',
      topic: APNS_TOPIC,
      payload: {
        aps: { alert: { title: `Episode 3 of ${drama.title.en} is out` } },
        url: expect.stringContaining(`drama_id=${drama.id}`),
      },
    });
  });

  it('writes in the viewer’s language', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id, { language: 'zh' });
    const web = await kit.subscribeWeb(viewer.token);
    await dispatch().notifyNewEpisode(episode.id);
    await dispatch().deliverDue();
    expect(JSON.parse(pushesTo(web.endpoint)[0]?.body ?? '{}').title).toBe(`《${drama.title.zh}》第3集已上线`);
  });

  it('never reaches a viewer who did not opt in, does not follow the drama, or another viewer’s device', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const fan = await follower(drama.id);
    const fanDevice = await kit.subscribeWeb(fan.token);
    const notOptedIn = await kit.user();
    await follow(notOptedIn.token, drama.id);
    const quiet = await kit.subscribeWeb(notOptedIn.token);
    const optedOut = await follower(drama.id, { new_episodes: false });
    const optedOutDevice = await kit.subscribeWeb(optedOut.token);
    const stranger = await kit.user();
    await kit.optIn(stranger.token);
    const strangerDevice = await kit.subscribeWeb(stranger.token);

    expect(await dispatch().notifyNewEpisode(episode.id)).toEqual({ viewers: 1, deliveries: 1 });
    await dispatch().deliverDue();
    expect(pushesTo(fanDevice.endpoint)).toHaveLength(1);
    for (const device of [quiet, optedOutDevice, strangerDevice]) expect(pushesTo(device.endpoint)).toHaveLength(0);
  });

  it('sends one notification per event and device, however often the event is fanned out or delivered', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    const web = await kit.subscribeWeb(viewer.token);
    await dispatch().notifyNewEpisode(episode.id);
    expect(await dispatch().notifyNewEpisode(episode.id)).toEqual({ viewers: 1, deliveries: 0 });
    await Promise.all([dispatch().deliverDue(), dispatch().deliverDue()]);
    await dispatch().notifyNewEpisode(episode.id);
    await dispatch().deliverDue();
    expect(pushesTo(web.endpoint)).toHaveLength(1);
  });

  it('notifies nobody of an episode of a drama viewers cannot see', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    await kit.subscribeWeb(viewer.token);
    await setPublishedAt(kit.t.app, drama.id, null);
    expect(await dispatch().notifyNewEpisode(episode.id)).toEqual({ viewers: 0, deliveries: 0 });
    await setPublishedAt(kit.t.app, drama.id, new Date(kit.clock.now().getTime() + 3_600_000));
    expect(await dispatch().notifyNewEpisode(episode.id)).toEqual({ viewers: 0, deliveries: 0 });
  });
});

describe('sending', () => {
  it('removes a device the push service says is gone (web 410, APNs 410 Unregistered)', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    const web = await kit.subscribeWeb(viewer.token);
    const ios = await subscribeIos(viewer.token);
    kit.webPush.answerWith(web.endpoint, 410);
    kit.apns.answerWith(ios, 410, 'Unregistered');
    await dispatch().notifyNewEpisode(episode.id);
    expect(await dispatch().deliverDue()).toEqual({ sent: 0, gone: 2, retried: 0, failed: 0 });
    expect(await devicesOf(viewer.user.uid)).toBe(0);
    expect(kit.apns.refused.filter((r) => r.token === ios)).toEqual([
      { token: ios, status: 410, reason: 'Unregistered' },
    ]);
  });

  it('removes an iOS device APNs calls a bad token', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    const ios = await subscribeIos(viewer.token);
    kit.apns.answerWith(ios, 400, 'BadDeviceToken');
    await dispatch().notifyNewEpisode(episode.id);
    expect(await dispatch().deliverDue()).toMatchObject({ gone: 1 });
    expect(await devicesOf(viewer.user.uid)).toBe(0);
  });

  it('retries a passing failure with backoff, then sends; gives up after the last try', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const viewer = await follower(drama.id);
    const flaky = await kit.subscribeWeb(viewer.token);
    const broken = await kit.subscribeWeb(viewer.token);
    kit.webPush.answerWith(flaky.endpoint, 503);
    kit.webPush.answerWith(broken.endpoint, 500);
    await dispatch().notifyNewEpisode(episode.id);
    expect(await dispatch().deliverDue()).toEqual({ sent: 0, gone: 0, retried: 2, failed: 0 });
    // Not due again before the backoff.
    expect(await dispatch().deliverDue()).toEqual({ sent: 0, gone: 0, retried: 0, failed: 0 });
    kit.webPush.answerWith(flaky.endpoint, 0);
    kit.clock.advance(31);
    expect(await dispatch().deliverDue()).toMatchObject({ sent: 1, retried: 1 });
    expect(pushesTo(flaky.endpoint)).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) {
      kit.clock.advance(10 * 60);
      await dispatch().deliverDue();
    }
    const [row] = await queryRows<{ status: string; attempts: number }>(
      kit.t.app.database.db,
      sql`SELECT d.status, d.attempts FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = ${broken.endpoint}`,
    );
    expect(row).toEqual({ status: 'failed', attempts: 5 });
    expect(pushesTo(broken.endpoint)).toHaveLength(0);
  });

  it('holds a notification that falls in the viewer’s quiet hours until they end', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    // Noon UTC is 21:00 in Tokyo: inside quiet hours 20:00–09:00.
    const viewer = await follower(drama.id, { time_zone: 'Asia/Tokyo', quiet_start: '20:00', quiet_end: '09:00' });
    const web = await kit.subscribeWeb(viewer.token);
    await dispatch().notifyNewEpisode(episode.id);
    await dispatch().deliverDue();
    expect(pushesTo(web.endpoint)).toHaveLength(0);
    kit.clock.advance(11 * 3600 + 59 * 60); // 08:59 in Tokyo
    await dispatch().deliverDue();
    expect(pushesTo(web.endpoint)).toHaveLength(0);
    kit.clock.advance(60); // 09:00
    await dispatch().deliverDue();
    expect(pushesTo(web.endpoint)).toHaveLength(1);
  });

  it('stops everything waiting for a viewer whose account is deleted or who unsubscribed', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const prefs = { time_zone: 'Asia/Tokyo', quiet_start: '20:00', quiet_end: '09:00' };
    const leaving = await follower(drama.id, prefs);
    const leavingDevice = await kit.subscribeWeb(leaving.token);
    const unsubscribing = await follower(drama.id, prefs);
    const unsubscribingDevice = await kit.subscribeWeb(unsubscribing.token);
    await dispatch().notifyNewEpisode(episode.id);
    await kit.call('DELETE', '/user', { token: leaving.token });
    await kit.call('DELETE', '/notifications/subscriptions', { token: unsubscribing.token });
    kit.clock.advance(24 * 3600);
    await dispatch().deliverDue();
    expect(pushesTo(leavingDevice.endpoint)).toHaveLength(0);
    expect(pushesTo(unsubscribingDevice.endpoint)).toHaveLength(0);
  });

  it('a device that moved to another viewer never gets what was waiting for the previous one', async () => {
    const { drama, episode } = await dramaWithNewEpisode();
    const first = await follower(drama.id, { time_zone: 'Asia/Tokyo', quiet_start: '20:00', quiet_end: '09:00' });
    const device = await kit.subscribeWeb(first.token);
    await dispatch().notifyNewEpisode(episode.id);
    const second = await kit.user();
    await kit.call('POST', '/notifications/subscriptions', {
      token: second.token,
      payload: { platform: 'web', ...device },
    });
    kit.clock.advance(24 * 3600);
    await dispatch().deliverDue();
    expect(pushesTo(device.endpoint)).toHaveLength(0);
  });
});

describe('reminders', () => {
  it('reminds of the check-in at the viewer’s time, once a day, only while it is not done', async () => {
    // 12:00 UTC is 15:00 in Istanbul.
    const prefs = { time_zone: 'Europe/Istanbul', checkin_time: '15:00', new_episodes: false, vip_renewal: false };
    const forgetful = await kit.user();
    await kit.optIn(forgetful.token, prefs);
    const forgetfulDevice = await kit.subscribeWeb(forgetful.token);
    const diligent = await kit.user();
    await kit.optIn(diligent.token, prefs);
    const diligentDevice = await kit.subscribeWeb(diligent.token);
    const later = await kit.user();
    await kit.optIn(later.token, { ...prefs, checkin_time: '18:00' });
    const laterDevice = await kit.subscribeWeb(later.token);
    expect(envelope(await kit.call('POST', '/task/checkin', { token: diligent.token })).code).toBe(200);

    await dispatch().scheduleReminders();
    await dispatch().scheduleReminders();
    await dispatch().deliverDue();
    expect(pushesTo(forgetfulDevice.endpoint).map((p) => (JSON.parse(p.body) as { url: string }).url)).toEqual([
      '/pages/Rewards/index',
    ]);
    expect(pushesTo(diligentDevice.endpoint)).toHaveLength(0);
    expect(pushesTo(laterDevice.endpoint)).toHaveLength(0);
  });

  it('moves a reminder set inside quiet hours to their end', async () => {
    // A reminder at 07:00 in New York falls inside quiet hours 22:00–08:00: it waits for 08:00.
    const viewer = await kit.user();
    await kit.optIn(viewer.token, { time_zone: 'America/New_York', checkin_time: '07:00', new_episodes: false });
    const device = await kit.subscribeWeb(viewer.token);
    kit.clock.set('2026-11-21T12:30:00.000Z'); // 07:30 in New York
    await dispatch().scheduleReminders();
    await dispatch().deliverDue();
    expect(pushesTo(device.endpoint)).toHaveLength(0);
    kit.clock.set('2026-11-21T13:00:00.000Z'); // 08:00
    await dispatch().scheduleReminders();
    await dispatch().deliverDue();
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('reminds of an auto-renewing VIP plan once, a day before it renews, linking to where it is cancelled', async () => {
    const db = kit.t.app.database.db;
    const subscribe = async (userId: number, renewsInHours: number, cancelAtPeriodEnd = false) => {
      const [order] = await db
        .insert(orders)
        .values({
          publicId: randomUUID(),
          userId,
          productId: 'vip_month',
          kind: 'vip',
          channel: 'stripe',
          status: 'fulfilled',
          priceCents: 1499,
          currency: 'usd',
          period: 'month',
        })
        .returning();
      await db.insert(subscriptions).values({
        userId,
        provider: 'stripe',
        providerSubscriptionId: `sub_${randomUUID()}`,
        orderId: order?.id ?? 0,
        productId: 'vip_month',
        status: 'active',
        currentPeriodEnd: new Date(kit.clock.now().getTime() + renewsInHours * 3_600_000),
        cancelAtPeriodEnd,
      });
    };
    const renewing = await kit.user();
    await kit.optIn(renewing.token, { checkin_reminder: false });
    const renewingDevice = await kit.subscribeWeb(renewing.token);
    await subscribe(renewing.user.uid, 23.5);
    const notYet = await kit.user();
    await kit.optIn(notYet.token, { checkin_reminder: false });
    const notYetDevice = await kit.subscribeWeb(notYet.token);
    await subscribe(notYet.user.uid, 30);
    const ending = await kit.user();
    await kit.optIn(ending.token, { checkin_reminder: false });
    const endingDevice = await kit.subscribeWeb(ending.token);
    await subscribe(ending.user.uid, 23.5, true);

    await dispatch().scheduleReminders();
    await dispatch().scheduleReminders();
    await dispatch().deliverDue();
    expect(pushesTo(renewingDevice.endpoint).map((p) => JSON.parse(p.body) as unknown)).toEqual([
      expect.objectContaining({ title: 'Your VIP renews tomorrow', url: '/pages/user/vip' }),
    ]);
    expect(pushesTo(notYetDevice.endpoint)).toHaveLength(0);
    expect(pushesTo(endingDevice.endpoint)).toHaveLength(0);
  });
});
