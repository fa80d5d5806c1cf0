import { Code, type Charts } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodePlays } from '../../src/db/catalog.schema.js';
import { favorites } from '../../src/db/social.schema.js';
import { users } from '../../src/db/users.schema.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

const clock = new TestClock('2026-11-21T10:00:00.000Z');
const DAY_MS = 86_400_000;
let t: TestApp;
let viewerSeq = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});

const getCharts = (query = '') => t.app.inject({ method: 'GET', url: `/api/v1/charts${query}` });
const ids = (list: Charts['most_watched']) => list.map((entry) => entry.drama.id);
const ranks = (list: Charts['most_watched']) => list.map((entry) => entry.rank);

/** `count` plays of the drama's first episode by distinct viewers, `daysAgo` days before the clock. */
async function play(drama: SeededDrama, count: number, daysAgo: number): Promise<void> {
  const at = new Date(clock.now().getTime() - daysAgo * DAY_MS);
  const rows = Array.from({ length: count }, () => {
    viewerSeq += 1;
    return {
      viewerKey: `a:chart-${viewerSeq}`,
      episodeId: drama.episodes[0]!.id,
      day: at.toISOString().slice(0, 10),
      createdAt: at,
    };
  });
  await t.app.database.db.insert(episodePlays).values(rows);
}

async function collect(drama: SeededDrama, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const [user] = await t.app.database.db
      .insert(users)
      .values({ inviteCode: `CH${process.pid}${(viewerSeq += 1)}` })
      .returning();
    await t.app.database.db.insert(favorites).values({ userId: user!.id, dramaId: drama.drama.id });
  }
}

describe('GET /charts', () => {
  it('answers empty charts before the first count', async () => {
    const res = await getCharts();
    expect(res.statusCode).toBe(200);
    expect(envelope<Charts>(res).data).toEqual({ most_watched: [], rising: [], most_collected: [], counted_at: null });
  });

  describe('after a count', () => {
    let steady: SeededDrama, rising: SeededDrama, tiny: SeededDrama, loved: SeededDrama, hidden: SeededDrama;

    beforeAll(async () => {
      [steady, rising, tiny, loved, hidden] = [
        await seedDrama(t.app, { title: { en: 'Steady', zh: '稳定', tr: 'İstikrarlı' } }),
        await seedDrama(t.app),
        await seedDrama(t.app),
        await seedDrama(t.app),
        await seedDrama(t.app),
      ];
      // Steady: 60 this week, 60 the week before. Rising: 40 from 10. Tiny: 5 from 1.
      await play(steady, 60, 2);
      await play(steady, 60, 9);
      await play(rising, 40, 1);
      await play(rising, 10, 8);
      await play(tiny, 5, 3);
      await play(tiny, 1, 10);
      // Old plays count for neither week.
      await play(loved, 200, 20);
      // Hidden tops everything, then is unpublished.
      await play(hidden, 500, 1);
      await collect(loved, 3);
      await collect(steady, 1);
      await collect(hidden, 5);
      await t.app.services.chartsRefresh.refresh();
    });

    it('ranks most watched by the last 7 days, rising with a floor, most collected by favourites', async () => {
      const charts = envelope<Charts>(await getCharts('?lang=tr')).data;
      expect(ids(charts.most_watched)).toEqual([hidden.drama.id, steady.drama.id, rising.drama.id, tiny.drama.id]);
      expect(ranks(charts.most_watched)).toEqual([1, 2, 3, 4]);
      // Rising: hidden 500/20 = 25×, rising 40/max(10, 20) = 2×; steady did not grow, tiny is under the floor.
      expect(ids(charts.rising)).toEqual([hidden.drama.id, rising.drama.id]);
      expect(ids(charts.most_collected)).toEqual([hidden.drama.id, loved.drama.id, steady.drama.id]);
      expect(charts.counted_at).toBe(clock.now().toISOString());
      expect(charts.most_watched[1]?.drama).toMatchObject({ title: 'İstikrarlı', episode_count: 4, genres: [] });
    });

    it('leaves out a drama unpublished since the count, and the ones below move up', async () => {
      await setPublishedAt(t.app, hidden.drama.id, null);
      const charts = envelope<Charts>(await getCharts()).data;
      expect(ids(charts.most_watched)).toEqual([steady.drama.id, rising.drama.id, tiny.drama.id]);
      expect(ranks(charts.most_watched)).toEqual([1, 2, 3]);
      expect(ids(charts.rising)).toEqual([rising.drama.id]);
      expect(ids(charts.most_collected)).toEqual([loved.drama.id, steady.drama.id]);
    });

    it('counts only released dramas: the next count leaves the unpublished one out altogether', async () => {
      clock.advance(3600);
      const counted = await t.app.services.chartsRefresh.refresh();
      expect(counted).toMatchObject({ most_watched: 3, rising: 1, most_collected: 2 });
      // Published again, it waits for the next count to be ranked.
      await setPublishedAt(t.app, hidden.drama.id, new Date('2020-01-01T00:00:00Z'));
      expect(ids(envelope<Charts>(await getCharts()).data.most_watched)).not.toContain(hidden.drama.id);
    });

    it('is served from memory: a new count shows once the cached answer expires', async () => {
      const before = await getCharts();
      await play(tiny, 100, 0.5);
      await t.app.services.chartsRefresh.refresh();
      expect((await getCharts()).body).toBe(before.body);
      clock.advance(6);
      // Published again before this count, hidden is back on top; tiny's 105 plays pass steady's 60.
      expect(ids(envelope<Charts>(await getCharts()).data.most_watched)).toEqual([
        hidden.drama.id,
        tiny.drama.id,
        steady.drama.id,
        rising.drama.id,
      ]);
    });
  });

  it('refuses an unknown language with 10001', async () => {
    expect(envelope(await getCharts('?lang=fr')).code).toBe(Code.INVALID_INPUT);
  });
});
