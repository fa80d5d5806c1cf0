import type { TasksOverview } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createRewardsKit, type RewardsKit } from '../rewards/rewards-kit.js';

/** The watch-video task counts the viewer's time, not each episode's time in parallel. */
let kit: RewardsKit;

beforeAll(async () => {
  kit = await createRewardsKit({ env: { WATCH_VIDEO_DAILY_CAP: '10' } });
});
afterAll(async () => {
  await kit?.close();
});

const progress = async (token: string) =>
  envelope<TasksOverview>(await kit.overview(token)).data.tasks.find((t) => t.key === 'watch_video')?.progress;

describe('watch-video farming by parallel plays', () => {
  it('ten episodes "played" at once and reported 6.5 s later count one video, then one per threshold', async () => {
    kit.clock.set('2026-11-21T10:00:00Z');
    const me = await kit.user();
    // 6 s episodes: one counts at 3.6 s of watching.
    const { episodes } = await seedDrama(kit.t.app, { episodes: 10, freeEpisodes: 10 });
    for (const e of episodes) await kit.call('GET', `/episodes/${e.id}/play`, { token: me.token });
    kit.clock.advance(6.5);
    for (const e of episodes) {
      await kit.call('PUT', '/history', { token: me.token, payload: { episode_id: e.id, position_s: 6 } });
    }
    expect(await progress(me.token)).toBe(1);

    // Real time passing counts more, one threshold at a time.
    kit.clock.advance(3.6);
    for (const e of episodes) {
      await kit.call('PUT', '/history', { token: me.token, payload: { episode_id: e.id, position_s: 6 } });
    }
    expect(await progress(me.token)).toBe(2);
    expect(await kit.scalar(sql`SELECT count(*) FROM watched_videos WHERE user_id = ${me.user.uid}`)).toBe(2);
  });

  it('an honest viewer watching one episode after another counts each', async () => {
    kit.clock.set('2026-11-22T10:00:00Z');
    const me = await kit.user();
    const { episodes } = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 3 });
    for (const e of episodes) await kit.watch(me.token, e.id, { seconds: 6, position: 6 });
    expect(await progress(me.token)).toBe(3);
  });
});
