import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { episodeLikes, favorites, watchHistory } from '../db/social.schema.js';

export interface WatchProgress {
  episodeId: number;
  positionS: number;
}

/**
 * What one signed-in viewer has done with a drama or episode (favourite, progress, like), for
 * the catalogue and playback answers. Read-only: the social features own the writes.
 */
export class DramaViewerRepository {
  constructor(private readonly db: Db) {}

  async isFavorited(userId: number, dramaId: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .select({ dramaId: favorites.dramaId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.dramaId, dramaId)))
      .limit(1);
    return rows.length > 0;
  }

  async progress(userId: number, dramaId: number, tx: Db = this.db): Promise<WatchProgress | undefined> {
    const [row] = await tx
      .select({ episodeId: watchHistory.episodeId, positionS: watchHistory.positionS })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.dramaId, dramaId)))
      .limit(1);
    return row;
  }

  async hasLiked(userId: number, episodeId: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .select({ episodeId: episodeLikes.episodeId })
      .from(episodeLikes)
      .where(and(eq(episodeLikes.userId, userId), eq(episodeLikes.episodeId, episodeId)))
      .limit(1);
    return rows.length > 0;
  }
}
