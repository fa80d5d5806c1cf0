import { episodeUnlocks } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** Writes of episode_unlocks: only the unlock, in the transaction of its debit. */
export class WalletUnlocksRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the unlocks that do not exist yet; answers the episode ids actually inserted. */
  async insertMissing(userId: number, episodeIds: readonly number[], now: Date, tx: Db = this.db): Promise<number[]> {
    if (episodeIds.length === 0) return [];
    const rows = await tx
      .insert(episodeUnlocks)
      .values(episodeIds.map((episodeId) => ({ userId, episodeId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ episodeId: episodeUnlocks.episodeId });
    return rows.map((row) => row.episodeId);
  }
}
