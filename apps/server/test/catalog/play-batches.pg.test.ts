import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { EpisodePlaysRepository, type PlayRecord } from '../../src/repositories/episode-plays.repository.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Play batches written at once, as several API processes flush theirs (PostgreSQL only: PGlite
 * runs one statement at a time and would prove nothing). Every batch holds the same viewers, in
 * its own order: hits must grow by the number of distinct viewer/episode/day plays, once.
 */
const BATCHES = 20;
const VIEWERS = 40;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function world(): Promise<{ dramaId: number; plays: PlayRecord[][] }> {
  const seeded = await seedDrama(t.app, { episodes: 2, freeEpisodes: 2 });
  const at = new Date();
  const day = at.toISOString().slice(0, 10);
  const all = seeded.episodes.flatMap((episode) =>
    Array.from({ length: VIEWERS }, (_, v) => ({ viewerKey: `u:${9000 + v}`, episodeId: episode.id, day, at })),
  );
  // Each batch in another order, so batches take the same keys in different sequences.
  const plays = Array.from({ length: BATCHES }, (_, b) => all.map((_, i) => all[(i * 7 + b * 13) % all.length]!));
  return { dramaId: seeded.drama.id, plays };
}

const hitsOf = async (dramaId: number) =>
  Number((await queryRows<{ hits: number }>(t.app.database.db, sql`SELECT hits FROM dramas WHERE id = ${dramaId}`))[0]?.hits);

describe('play batches at once on PostgreSQL', () => {
  it(`${BATCHES} overlapping batches at once: hits grow by the distinct plays, once`, async () => {
    const { dramaId, plays } = await world();
    const repos = plays.map(() => new EpisodePlaysRepository(t.app.database.db));
    const added = await Promise.all(plays.map((batch, i) => repos[i]!.insertBatch(batch)));
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(2 * VIEWERS);
    expect(await hitsOf(dramaId)).toBe(2 * VIEWERS);
  });

  /**
   * Positive control: the same race against a read-then-write batch (ask which plays exist, insert
   * the rest, add their number to hits) over-counts, so the test above would catch it.
   */
  it('POSITIVE CONTROL: a read-then-write batch over-counts hits in the same race', async () => {
    const { dramaId, plays } = await world();
    await Promise.all(plays.map((batch) => unguardedBatch(t.app.database.db, dramaId, batch)));
    expect(await hitsOf(dramaId)).toBeGreaterThan(2 * VIEWERS);
  });
});

/** TEST ONLY, deliberately wrong: counts the plays it believes new instead of the rows inserted. */
async function unguardedBatch(db: Db, dramaId: number, batch: readonly PlayRecord[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await queryRows<{ viewer_key: string; episode_id: string }>(
      tx,
      sql`SELECT viewer_key, episode_id FROM episode_plays WHERE day = ${batch[0]!.day}`,
    );
    const seen = new Set(existing.map((row) => `${row.viewer_key}|${row.episode_id}`));
    // In one order, as the real batch does, so the race shows as over-counting, not as deadlocks.
    const fresh = batch
      .filter((play) => !seen.has(`${play.viewerKey}|${play.episodeId}`))
      .sort((a, b) => a.viewerKey.localeCompare(b.viewerKey) || a.episodeId - b.episodeId);
    // Widen the window between the read and the write, as a busy server would.
    await tx.execute(sql`SELECT pg_sleep(0.02)`);
    for (const play of fresh) {
      await tx.execute(
        sql`INSERT INTO episode_plays (viewer_key, episode_id, day, created_at)
            VALUES (${play.viewerKey}, ${play.episodeId}, ${play.day}, ${play.at}) ON CONFLICT DO NOTHING`,
      );
    }
    await tx.execute(sql`UPDATE dramas SET hits = hits + ${fresh.length} WHERE id = ${dramaId}`);
  });
}
