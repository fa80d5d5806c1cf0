import { and, eq, sql } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { episodeLikes } from '../db/social.schema.js';

/**
 * SQL for episode_likes and the like counters it feeds (episodes.likes, dramas.likes). Call the
 * row change and the counter change in one transaction, and the counter change only when the row
 * really changed: that keeps every counter equal to COUNT(*) of its likes.
 */
export class LikesRepository {
  constructor(private readonly db: Db) {}

  /** True when this call created the like; a concurrent or earlier like makes it a no-op. */
  async insert(userId: number, episodeId: number, createdAt: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .insert(episodeLikes)
      .values({ userId, episodeId, createdAt })
      .onConflictDoNothing()
      .returning({ userId: episodeLikes.userId });
    return rows.length > 0;
  }

  /** True when this call removed the like. */
  async delete(userId: number, episodeId: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .delete(episodeLikes)
      .where(and(eq(episodeLikes.userId, userId), eq(episodeLikes.episodeId, episodeId)))
      .returning({ userId: episodeLikes.userId });
    return rows.length > 0;
  }

  /**
   * Adds `delta` (+1 / -1) to the episode's likes and to its drama's, and answers the episode's
   * new count. Episode row first, then drama row: every writer locks in this order, so two likes
   * of sibling episodes never deadlock.
   */
  async addToCounters(episodeId: number, delta: 1 | -1, tx: Db = this.db): Promise<number> {
    const [episode] = await tx
      .update(episodes)
      .set({ likes: sql`${episodes.likes} + ${delta}` })
      .where(eq(episodes.id, episodeId))
      .returning({ likes: episodes.likes, dramaId: episodes.dramaId });
    if (!episode) throw new Error(`episode ${episodeId} vanished while its like counter changed`);
    await tx
      .update(dramas)
      .set({ likes: sql`${dramas.likes} + ${delta}` })
      .where(eq(dramas.id, episode.dramaId));
    return episode.likes;
  }

  async episodeLikes(episodeId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx.select({ likes: episodes.likes }).from(episodes).where(eq(episodes.id, episodeId)).limit(1);
    return row?.likes ?? 0;
  }
}
