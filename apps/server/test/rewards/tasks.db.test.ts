import { Code, type ClaimResult, type Task, type TasksOverview } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createRewardsKit, type RewardsKit } from './rewards-kit.js';

let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit({ env: { WATCH_VIDEO_DAILY_CAP: '3' } });
});
afterAll(async () => {
  await kit?.close();
});

async function taskOf(token: string, key: string): Promise<Task> {
  const view = envelope<TasksOverview>(await kit.overview(token)).data;
  const task = view.tasks.find((t) => t.key === key);
  if (!task) throw new Error(`no task ${key}`);
  return task;
}

/** Episodes of free dramas (6 s each: a video counts at 3.6 s). */
async function freeEpisodes(count: number): Promise<number[]> {
  const { episodes } = await seedDrama(kit.t.app, { episodes: count, freeEpisodes: count });
  return episodes.map((e) => e.id);
}

describe('GET /task', () => {
  it('shows a visitor the page of a brand-new account', async () => {
    const view = envelope<TasksOverview>(await kit.overview()).data;
    expect(view).toMatchObject({ signed_in: false, balance: 0, anything_claimable: false });
    expect(view.checkin.strip[0]).toEqual({ day: 1, reward: 10, state: 'today' });
    expect(view.tasks.map((t) => [t.key, t.reward, t.target, t.state])).toEqual([
      ['watch_video', 5, 3, 'todo'],
      ['share_app', 20, 1, 'todo'],
      ['invite_friends', 50, 10, 'todo'],
    ]);
  });
});

describe('watch video task', () => {
  it('counts a video the server played and saw watched past the threshold, once per episode per day', async () => {
    kit.clock.set('2026-11-21T10:00:00Z');
    const me = await kit.user();
    const [a, b] = await freeEpisodes(2);
    await kit.watch(me.token, a!);
    await kit.watch(me.token, a!); // the same episode again: still one
    expect(await taskOf(me.token, 'watch_video')).toMatchObject({ progress: 1, claimable: 1, state: 'claimable' });
    // Below the threshold (60 % of 6 s): not counted.
    await kit.watch(me.token, b!, { position: 3 });
    expect((await taskOf(me.token, 'watch_video')).progress).toBe(1);
  });

  it('does not count a report for an episode never played, nor one faster than real time', async () => {
    kit.clock.set('2026-11-21T11:00:00Z');
    const me = await kit.user();
    const [a, b] = await freeEpisodes(2);
    // Never played: the progress is saved (history) but the task does not move.
    const saved = await kit.call('PUT', '/history', { token: me.token, payload: { episode_id: a, position_s: 6 } });
    expect(envelope(saved).code).toBe(200);
    // Played, then "watched" 1 s later: the position claims more than the time that passed.
    await kit.watch(me.token, b!, { seconds: 1 });
    expect(await taskOf(me.token, 'watch_video')).toMatchObject({ progress: 0, state: 'todo' });
    expect(envelope(await kit.claim(me.token, 'watch_video')).code).toBe(Code.TASK_NOT_COMPLETED);
  });

  it('does not count a locked episode (history refuses it with 30002)', async () => {
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 1 });
    const res = await kit.call('PUT', '/history', { token: me.token, payload: { episode_id: episodes[2]!.id, position_s: 6 } });
    expect(envelope(res).code).toBe(Code.EPISODE_LOCKED);
    expect(await kit.scalar(sql`SELECT count(*) FROM watched_videos WHERE user_id = ${me.user.uid}`)).toBe(0);
  });

  it('claims pay 5 coins per video once, up to the daily cap; the next day starts again', async () => {
    kit.clock.set('2026-11-22T09:00:00Z');
    const me = await kit.user();
    const ids = await freeEpisodes(5);
    await kit.watch(me.token, ids[0]!);
    await kit.watch(me.token, ids[1]!);
    const first = envelope<ClaimResult>(await kit.claim(me.token, 'watch_video'));
    expect(first).toMatchObject({ code: 200, data: { units: 2, coins: 10, balance: 10 } });
    expect(first.data.task).toMatchObject({ progress: 2, claimed: 2, claimable: 0, state: 'todo' });
    const repeat = envelope<ClaimResult>(await kit.claim(me.token, 'watch_video'));
    expect(repeat).toMatchObject({ code: Code.ALREADY_OWNED, data: { units: 0, coins: 0, balance: 10 } });

    for (const id of ids.slice(2)) await kit.watch(me.token, id);
    // 5 watched, cap 3: one more unit.
    expect(await taskOf(me.token, 'watch_video')).toMatchObject({ progress: 3, claimable: 1, claimable_coins: 5 });
    expect(envelope(await kit.claim(me.token, 'watch_video')).data).toMatchObject({ units: 1, coins: 5, balance: 15 });
    expect(await taskOf(me.token, 'watch_video')).toMatchObject({ state: 'claimed' });
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${me.user.uid} AND kind = 'watch_video_reward'`),
    ).toBe(2);

    kit.clock.set('2026-11-23T09:00:00Z');
    expect(await taskOf(me.token, 'watch_video')).toMatchObject({ progress: 0, claimed: 0, state: 'todo' });
    await kit.watch(me.token, ids[0]!);
    expect(envelope(await kit.claim(me.token, 'watch_video')).data).toMatchObject({ units: 1, coins: 5, balance: 20 });
  });
});

describe('share app task', () => {
  const share = (token: string, target = 'app') =>
    kit.call('POST', '/task/share', { token, payload: { target, channel: 'copy_link' } });

  it('pays 20 once a day for a share of the app; an episode share does not count', async () => {
    kit.clock.set('2026-11-24T09:00:00Z');
    const me = await kit.user();
    expect(envelope(await kit.claim(me.token, 'share_app')).code).toBe(Code.TASK_NOT_COMPLETED);
    const { episodes } = await seedDrama(kit.t.app);
    await kit.call('POST', '/task/share', {
      token: me.token,
      payload: { target: 'episode', episode_id: episodes[0]!.id, channel: 'copy_link' },
    });
    expect(await taskOf(me.token, 'share_app')).toMatchObject({ progress: 0, state: 'todo' });
    await share(me.token);
    await share(me.token);
    const view = envelope<TasksOverview>(await kit.overview(me.token)).data;
    expect(view.anything_claimable).toBe(true);
    expect(envelope(await kit.claim(me.token, 'share_app')).data).toMatchObject({ units: 1, coins: 20, balance: 20 });
    expect(envelope(await kit.claim(me.token, 'share_app')).code).toBe(Code.ALREADY_OWNED);
    expect(envelope<TasksOverview>(await kit.overview(me.token)).data.anything_claimable).toBe(false);

    kit.clock.set('2026-11-25T00:00:01Z');
    expect(envelope(await kit.claim(me.token, 'share_app')).code).toBe(Code.TASK_NOT_COMPLETED);
    await share(me.token);
    expect(envelope(await kit.claim(me.token, 'share_app')).data).toMatchObject({ coins: 20, balance: 40 });
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${me.user.uid} AND kind = 'share_app_reward'`),
    ).toBe(2);
  });
});

describe('claims refuse what the client cannot decide', () => {
  it('a body with an amount or a date is refused (10001); an unknown task is 10001; visitors 10027', async () => {
    const me = await kit.user();
    await kit.call('POST', '/task/share', { token: me.token, payload: { channel: 'copy_link' } });
    for (const payload of [{ amount: 1000 }, { date: '2026-11-20' }, { units: 5 }]) {
      expect(envelope(await kit.claim(me.token, 'share_app', payload)).code).toBe(Code.INVALID_INPUT);
    }
    expect(envelope(await kit.claim(me.token, 'free_money')).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await kit.call('POST', '/task/share_app/claim')).code).toBe(Code.NOT_SIGNED_IN);
    expect(await kit.coin(me.user.uid)).toBe(0);
    expect(envelope(await kit.claim(me.token, 'share_app')).data.coins).toBe(20);
  });
});
