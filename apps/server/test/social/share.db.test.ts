import { Code } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

let kit: SocialKit;
let episodeId: number;

beforeAll(async () => {
  kit = await createSocialKit();
  episodeId = (await seedDrama(kit.t.app, { episodes: 1 })).episodes[0]!.id;
});
afterAll(async () => {
  await kit?.close();
});

const share = (token: string | undefined, payload: unknown) =>
  kit.call('POST', '/task/share', { payload, ...(token ? { token } : {}) });
const eventsOf = (userId: number) =>
  queryRows<{ target: string; episode_id: number | string | null; channel: string }>(
    kit.t.app.database.db,
    sql`SELECT target, episode_id, channel FROM share_events WHERE user_id = ${userId} ORDER BY id`,
  );

describe('POST /task/share', () => {
  it("records a share of the app (the default target) and counts today's shares", async () => {
    const me = await kit.user();
    const first = await share(me.token, { channel: 'copy_link' });
    expect(first.statusCode).toBe(200);
    expect(envelope(first).data).toEqual({ recorded: true, shares_today: 1 });
    expect(envelope(await share(me.token, { target: 'app', channel: 'web_share' })).data).toEqual({
      recorded: true,
      shares_today: 2,
    });
    expect(await eventsOf(me.user.uid)).toEqual([
      { target: 'app', episode_id: null, channel: 'copy_link' },
      { target: 'app', episode_id: null, channel: 'web_share' },
    ]);
  });

  it('records a share of an episode with its id', async () => {
    const me = await kit.user();
    const res = await share(me.token, { target: 'episode', episode_id: episodeId, channel: 'native' });
    expect(envelope(res).data).toEqual({ recorded: true, shares_today: 1 });
    const [event] = await eventsOf(me.user.uid);
    expect(event).toMatchObject({ target: 'episode', channel: 'native' });
    expect(Number(event?.episode_id)).toBe(episodeId);
  });

  it('counts shares since midnight UTC by the app clock', async () => {
    kit.clock.set('2026-11-21T23:59:30.000Z');
    const me = await kit.user();
    await share(me.token, { channel: 'copy_link' });
    expect(envelope(await share(me.token, { channel: 'copy_link' })).data.shares_today).toBe(2);
    kit.clock.set('2026-11-22T00:00:10.000Z');
    expect(envelope(await share(me.token, { channel: 'copy_link' })).data.shares_today).toBe(1);
  });

  it.each([
    ['an episode share without an episode', { target: 'episode', channel: 'native' }, 'body.episode_id'],
    ['an unknown channel', { channel: 'carrier_pigeon' }, 'body.channel'],
    ['no channel', {}, 'body.channel'],
    ['an unknown target', { target: 'drama', channel: 'native' }, 'body.target'],
    ['a malformed episode id', { episode_id: -1, channel: 'native' }, 'body.episode_id'],
  ])('refuses %s with 10001 naming the field, recording nothing', async (_name, payload, field) => {
    const me = await kit.user();
    const res = await share(me.token, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field }] } });
    expect(await eventsOf(me.user.uid)).toEqual([]);
  });

  it('answers 10002 for an unknown episode, recording nothing', async () => {
    const me = await kit.user();
    const res = await share(me.token, { target: 'episode', episode_id: 99_999_999, channel: 'native' });
    expect(envelope(res).code).toBe(Code.NOT_FOUND);
    expect(await eventsOf(me.user.uid)).toEqual([]);
  });

  it('answers 10027 to a visitor', async () => {
    const res = await share(undefined, { channel: 'copy_link' });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).code).toBe(Code.NOT_SIGNED_IN);
  });
});
