import { episodePlays } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

export interface PlayKey {
  viewerKey: string;
  episodeId: number;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
}

/** SQL for episode_plays: one row per viewer, episode and day. */
export class EpisodePlaysRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a play unless this viewer already played the episode that day. True when a row was
   * written; the primary key, not a prior SELECT, decides, so two concurrent plays count once.
   */
  async insertIfNew(key: PlayKey, createdAt: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .insert(episodePlays)
      .values({ ...key, createdAt })
      .onConflictDoNothing()
      .returning({ episodeId: episodePlays.episodeId });
    return rows.length > 0;
  }
}
