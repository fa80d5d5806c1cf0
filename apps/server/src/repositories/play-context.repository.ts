import { and, eq, sql } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { releasedBy } from './drama-release.js';

/** What every viewer of GET /episodes/:id/play gets alike, for one episode. */
export interface PlayContext {
  episode: EpisodeRow;
  drama: DramaRow;
  /** The drama's episodes by number (neighbours, and what is still locked). */
  siblings: { id: number; number: number }[];
  commentCount: number;
}

/**
 * The public reads of a play in one prepared statement: the episode, its drama, the drama's
 * episode list and the comment count. Nothing of the viewer: their session, unlocks, like and
 * progress are read fresh on every play (DramaViewerRepository), while this part may be kept in
 * memory like the catalogue's public answers.
 */
export class PlayContextRepository {
  private readonly query;

  constructor(db: Db) {
    this.query = db
      .select({
        episode: episodes,
        drama: dramas,
        siblings: sql<[number | string, number][] | null>`(
          SELECT json_agg(json_build_array(s.id, s.number) ORDER BY s.number)
          FROM episodes s WHERE s.drama_id = ${episodes.dramaId})`,
        commentCount: sql<number>`(
          SELECT count(*)::int FROM comments c
          WHERE c.episode_id = ${episodes.id} AND c.deleted_at IS NULL AND c.hidden_at IS NULL)`,
      })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.id, sql.placeholder('episodeId')), releasedBy(sql.placeholder('now'))))
      .limit(1)
      .prepare('play_context');
  }

  /** Undefined for an unknown episode and for one whose drama is not released by `now`. */
  async load(episodeId: number, now: Date): Promise<PlayContext | undefined> {
    const [row] = await this.query.execute({ episodeId, now });
    if (!row) return undefined;
    return {
      episode: row.episode,
      drama: row.drama,
      siblings: (row.siblings ?? []).map(([id, number]) => ({ id: Number(id), number })),
      commentCount: Number(row.commentCount),
    };
  }
}
