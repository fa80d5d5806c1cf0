import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/users.schema.js';

export interface WatchProgress {
  episodeId: number;
  positionS: number;
}

/** What a signed-in viewer holds and did in one drama, read in one statement. */
export interface ViewerDramaFacts {
  coin: number;
  vipExpiresAt: Date | null;
  unlockedEpisodeIds: number[];
  favorited: boolean;
  progress: WatchProgress | undefined;
}

/**
 * What one signed-in viewer has done with a drama or episode (favourite, progress, like), for
 * the catalogue and playback answers. Read-only: the social features own the writes.
 */
export class DramaViewerRepository {
  private readonly factsQuery;

  constructor(private readonly db: Db) {
    const userId = sql.placeholder('userId');
    const dramaId = sql.placeholder('dramaId');
    // A drama page for a signed-in viewer reads these on every request (they are never cached):
    // one prepared statement instead of four queries. The subqueries take the user id as a
    // parameter: drizzle leaves `users.id` unqualified here, and `id` would bind to the inner table.
    this.factsQuery = db
      .select({
        coin: users.coin,
        vipExpiresAt: users.vipExpiresAt,
        unlocked: sql<(number | string)[] | null>`(
          SELECT json_agg(x.episode_id) FROM episode_unlocks x JOIN episodes e ON e.id = x.episode_id
          WHERE x.user_id = ${userId}::bigint AND e.drama_id = ${dramaId}::bigint)`,
        favorited: sql<boolean>`EXISTS (
          SELECT 1 FROM favorites f WHERE f.user_id = ${userId}::bigint AND f.drama_id = ${dramaId}::bigint)`,
        progress: sql<[number | string, number] | null>`(
          SELECT json_build_array(h.episode_id, h.position_s) FROM watch_history h
          WHERE h.user_id = ${userId}::bigint AND h.drama_id = ${dramaId}::bigint LIMIT 1)`,
      })
      .from(users)
      .where(and(eq(users.id, sql`${userId}::bigint`), sql`${users.deletedAt} IS NULL`))
      .prepare('viewer_drama_facts');
  }

  /** The viewer's balance, VIP, unlocks, favourite and progress in this drama; undefined when the account is gone. */
  async facts(userId: number, dramaId: number): Promise<ViewerDramaFacts | undefined> {
    const [row] = await this.factsQuery.execute({ userId, dramaId });
    if (!row) return undefined;
    return {
      coin: row.coin,
      vipExpiresAt: row.vipExpiresAt,
      unlockedEpisodeIds: (row.unlocked ?? []).map(Number),
      favorited: row.favorited,
      progress: row.progress ? { episodeId: Number(row.progress[0]), positionS: row.progress[1] } : undefined,
    };
  }
}
