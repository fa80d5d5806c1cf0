import { and, count, desc, eq, sql } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { favorites } from '../db/social.schema.js';
import type { Slice } from './comments.repository.js';
import { releasedBy } from './drama-release.js';

/** Episodes of the drama in the current row, for its card. */
export const episodeCountOfDrama =
  sql<number>`(SELECT count(*)::int FROM ${episodes} WHERE ${episodes.dramaId} = ${dramas.id})`.mapWith(Number);

/** SQL for the favorites table (a user's list). */
export class FavoritesRepository {
  constructor(private readonly db: Db) {}

  /** Idempotent: a drama already in the list keeps its original date. */
  async insert(userId: number, dramaId: number, createdAt: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(favorites).values({ userId, dramaId, createdAt }).onConflictDoNothing();
  }

  async delete(userId: number, dramaId: number, tx: Db = this.db): Promise<void> {
    await tx.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.dramaId, dramaId)));
  }

  /**
   * Newest first; the drama id breaks ties. Only dramas released by `now`: an unpublished one is
   * hidden, its row kept, and it comes back if the drama is published again.
   */
  async listByUser(userId: number, slice: Slice, now: Date, tx: Db = this.db) {
    return tx
      .select({ drama: dramas, episodeCount: episodeCountOfDrama, favoritedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(dramas, eq(dramas.id, favorites.dramaId))
      .where(and(eq(favorites.userId, userId), releasedBy(now)))
      .orderBy(desc(favorites.createdAt), desc(favorites.dramaId))
      .limit(slice.limit)
      .offset(slice.offset);
  }

  /** As many as `listByUser` lists. */
  async countByUser(userId: number, now: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(favorites)
      .innerJoin(dramas, eq(dramas.id, favorites.dramaId))
      .where(and(eq(favorites.userId, userId), releasedBy(now)));
    return row?.n ?? 0;
  }
}
