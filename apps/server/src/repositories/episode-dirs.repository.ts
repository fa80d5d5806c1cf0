import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** SQL for which episode directories the catalogue points at (what the media route may serve). */
export class EpisodeDirsRepository {
  constructor(private readonly db: Db) {}

  /**
   * When the drama of the episode whose current files are in `dir` is released: null when no
   * episode's `media_dir` is `dir` (never was, or a re-import replaced it) or its drama is a draft
   * or unpublished. A future time is a scheduled release. One statement (episodes_media_dir_idx).
   */
  async releaseOf(dir: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ publishedAt: dramas.publishedAt })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.mediaDir, dir), isNotNull(dramas.publishedAt)))
      .orderBy(asc(dramas.publishedAt))
      .limit(1);
    return row?.publishedAt ?? null;
  }
}
