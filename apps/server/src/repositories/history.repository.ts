import { and, count, desc, eq, sql } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { preparedRows } from '../db/prepared-rows.js';
import { watchHistory } from '../db/social.schema.js';
import type { Slice } from './comments.repository.js';
import { releasedBy } from './drama-release.js';
import { episodeCountOfDrama } from './favorites.repository.js';

/** One accepted progress save: the viewer's row for the drama moves to this episode and position. */
export type ProgressSave = typeof watchHistory.$inferSelect;

/** SQL for watch_history: one row per user and drama. */
export class HistoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes a batch of saves in one statement: each inserts or moves its viewer's row for the
   * drama to the saved episode and position. Batches of several processes may meet on a row, so
   * a save older than the row (by `updatedAt`) leaves it alone instead of taking it back, and rows
   * are taken in one order everywhere (they wait for each other instead of deadlocking). A save of
   * an episode deleted meanwhile is left out. `saves` holds one save per viewer and drama.
   */
  async upsertBatch(saves: readonly ProgressSave[], db: Db = this.db): Promise<void> {
    if (saves.length === 0) return;
    const rows = [...saves].sort((a, b) => a.userId - b.userId || a.dramaId - b.dramaId);
    await preparedRows(
      db,
      'watch_history_batch',
      sql`INSERT INTO watch_history (user_id, drama_id, episode_id, position_s, updated_at)
          SELECT p.user_id, e.drama_id, p.episode_id, p.position_s, p.updated_at
          FROM unnest(${sql.param(rows.map((r) => r.userId))}::bigint[],
                      ${sql.param(rows.map((r) => r.episodeId))}::bigint[],
                      ${sql.param(rows.map((r) => r.positionS))}::real[],
                      ${sql.param(rows.map((r) => r.updatedAt))}::timestamptz[])
               AS p(user_id, episode_id, position_s, updated_at)
          JOIN episodes e ON e.id = p.episode_id
          ORDER BY p.user_id, e.drama_id
          ON CONFLICT (user_id, drama_id) DO UPDATE
            SET episode_id = excluded.episode_id, position_s = excluded.position_s, updated_at = excluded.updated_at
            WHERE watch_history.updated_at <= excluded.updated_at`,
    );
  }

  /**
   * Most recently watched first; the drama id breaks ties. Only dramas released by `now`: an
   * unpublished one is hidden, its row kept for when the drama comes back.
   */
  async listByUser(userId: number, slice: Slice, now: Date, tx: Db = this.db) {
    return tx
      .select({
        drama: dramas,
        episodeCount: episodeCountOfDrama,
        episodeId: episodes.id,
        episodeNumber: episodes.number,
        positionS: watchHistory.positionS,
        durationS: episodes.durationS,
        watchedAt: watchHistory.updatedAt,
      })
      .from(watchHistory)
      .innerJoin(dramas, eq(dramas.id, watchHistory.dramaId))
      .innerJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(and(eq(watchHistory.userId, userId), releasedBy(now)))
      .orderBy(desc(watchHistory.updatedAt), desc(watchHistory.dramaId))
      .limit(slice.limit)
      .offset(slice.offset);
  }

  /** As many as `listByUser` lists. */
  async countByUser(userId: number, now: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(watchHistory)
      .innerJoin(dramas, eq(dramas.id, watchHistory.dramaId))
      .where(and(eq(watchHistory.userId, userId), releasedBy(now)));
    return row?.n ?? 0;
  }

  /** How many rows went (0 or 1). */
  async deleteOne(userId: number, dramaId: number, tx: Db = this.db): Promise<number> {
    const rows = await tx
      .delete(watchHistory)
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.dramaId, dramaId)))
      .returning({ dramaId: watchHistory.dramaId });
    return rows.length;
  }

  async deleteAll(userId: number, tx: Db = this.db): Promise<number> {
    const rows = await tx
      .delete(watchHistory)
      .where(eq(watchHistory.userId, userId))
      .returning({ dramaId: watchHistory.dramaId });
    return rows.length;
  }
}
