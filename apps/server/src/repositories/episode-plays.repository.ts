import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { preparedRows } from '../db/prepared-rows.js';

interface PlayKey {
  viewerKey: string;
  episodeId: number;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
}

export interface PlayRecord extends PlayKey {
  /** When the server handed out the playback (the watch task checks it against progress). */
  at: Date;
}

/** SQL for episode_plays: one row per viewer, episode and day. */
export class EpisodePlaysRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a batch of plays and adds each new one to its drama's hits, in one statement: a row
   * the primary key refuses (played that day already, by this process or another) adds nothing,
   * so hits stay exact however the plays are batched. Plays of episodes deleted meanwhile are
   * left out. Answers how many plays were new.
   */
  async insertBatch(batch: readonly PlayRecord[], db: Db = this.db): Promise<number> {
    if (batch.length === 0) return 0;
    // Batches of several processes may share plays: taking the keys and the drama rows in one
    // order everywhere means they wait for each other instead of deadlocking.
    const plays = [...batch].sort(
      (a, b) =>
        (a.viewerKey < b.viewerKey ? -1 : a.viewerKey > b.viewerKey ? 1 : 0) ||
        a.episodeId - b.episodeId ||
        (a.day < b.day ? -1 : a.day > b.day ? 1 : 0),
    );
    const [row] = await preparedRows<{ added: string | number | null }>(
      db,
      'episode_plays_batch',
      sql`WITH incoming AS (
            SELECT * FROM unnest(${sql.param(plays.map((p) => p.viewerKey))}::text[],
                                 ${sql.param(plays.map((p) => p.episodeId))}::bigint[],
                                 ${sql.param(plays.map((p) => p.day))}::text[],
                                 ${sql.param(plays.map((p) => p.at))}::timestamptz[])
                     AS p(viewer_key, episode_id, day, created_at)
          ), added AS (
            INSERT INTO episode_plays (viewer_key, episode_id, day, created_at)
            SELECT p.viewer_key, p.episode_id, p.day, p.created_at
            FROM incoming p JOIN episodes e ON e.id = p.episode_id
            ORDER BY p.viewer_key, p.episode_id, p.day
            ON CONFLICT DO NOTHING
            RETURNING episode_id
          ), per_drama AS (
            SELECT e.drama_id, count(*) AS n FROM added a JOIN episodes e ON e.id = a.episode_id GROUP BY e.drama_id
          ), locked AS (
            SELECT d.id FROM dramas d WHERE d.id IN (SELECT drama_id FROM per_drama) ORDER BY d.id FOR UPDATE
          ), counted AS (
            UPDATE dramas d SET hits = d.hits + per_drama.n
            FROM per_drama JOIN locked ON locked.id = per_drama.drama_id
            WHERE d.id = per_drama.drama_id
            RETURNING per_drama.n
          )
          SELECT (SELECT sum(n) FROM counted) AS added`,
    );
    return Number(row?.added ?? 0);
  }
}
