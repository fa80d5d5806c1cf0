import { and, eq } from 'drizzle-orm';
import { episodeUnlocks, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** Reads of episode_unlocks (the wallet's unlock writes them). */
export class EntitlementsRepository {
  constructor(private readonly db: Db) {}

  /** Ids of this drama's episodes the user has unlocked. */
  async unlockedEpisodeIds(userId: number, dramaId: number, tx: Db = this.db): Promise<Set<number>> {
    const rows = await tx
      .select({ episodeId: episodeUnlocks.episodeId })
      .from(episodeUnlocks)
      .innerJoin(episodes, eq(episodes.id, episodeUnlocks.episodeId))
      .where(and(eq(episodeUnlocks.userId, userId), eq(episodes.dramaId, dramaId)));
    return new Set(rows.map((row) => row.episodeId));
  }
}
