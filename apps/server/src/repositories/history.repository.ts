import { and, count, desc, eq } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { watchHistory } from '../db/social.schema.js';
import type { Slice } from './comments.repository.js';
import { releasedBy } from './drama-release.js';
import { episodeCountOfDrama } from './favorites.repository.js';

/** SQL for watch_history: one row per user and drama. */
export class HistoryRepository {
  constructor(private readonly db: Db) {}

  /** Inserts or moves the drama's row to this episode and position. */
  async upsert(values: typeof watchHistory.$inferSelect, tx: Db = this.db): Promise<void> {
    await tx
      .insert(watchHistory)
      .values(values)
      .onConflictDoUpdate({
        target: [watchHistory.userId, watchHistory.dramaId],
        set: { episodeId: values.episodeId, positionS: values.positionS, updatedAt: values.updatedAt },
      });
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
