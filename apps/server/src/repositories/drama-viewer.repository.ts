import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/auth.schema.js';
import type { Db } from '../db/database.js';
import { users } from '../db/users.schema.js';
import { sessionColumns, sessionPresenting } from './presented-session.js';
import type { SessionCheck } from './sessions.repository.js';

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
  /** Whether they like the episode asked about (false when none was). */
  liked: boolean;
}

/** The session a request presented, and (when it names a user) that user's facts in one drama. */
export interface SessionAndFacts {
  session: SessionCheck | undefined;
  facts: ViewerDramaFacts | undefined;
}

/**
 * What one signed-in viewer has done with a drama or episode (favourite, progress, like), for
 * the catalogue and playback answers. Read-only: the social features own the writes.
 */
export class DramaViewerRepository {
  private readonly factsQuery;

  constructor(private readonly db: Db) {
    const hash = sql.placeholder('hash');
    const dramaId = sql.placeholder('dramaId');
    const episodeId = sql.placeholder('episodeId');
    const userId = sql.raw('"sessions"."user_id"');
    // A drama page for a signed-in viewer reads these on every request (they are never cached):
    // the presented session, its owner and the owner's facts in one prepared statement, one round
    // trip. Revoked and expired sessions come back too: the session service judges them.
    this.factsQuery = db
      .select({
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
        coin: users.coin,
        vipExpiresAt: users.vipExpiresAt,
        unlocked: sql<(number | string)[] | null>`(
          SELECT json_agg(x.episode_id) FROM episode_unlocks x JOIN episodes e ON e.id = x.episode_id
          WHERE x.user_id = ${userId} AND e.drama_id = ${dramaId}::bigint)`,
        favorited: sql<boolean>`EXISTS (
          SELECT 1 FROM favorites f WHERE f.user_id = ${userId} AND f.drama_id = ${dramaId}::bigint)`,
        progress: sql<[number | string, number] | null>`(
          SELECT json_build_array(h.episode_id, h.position_s) FROM watch_history h
          WHERE h.user_id = ${userId} AND h.drama_id = ${dramaId}::bigint LIMIT 1)`,
        liked: sql<boolean>`EXISTS (
          SELECT 1 FROM episode_likes l WHERE l.user_id = ${userId} AND l.episode_id = ${episodeId}::bigint)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sessionPresenting(hash))
      .limit(1)
      .prepare('viewer_drama_facts_by_session');
  }

  /**
   * The session whose access or refresh hash is `hash`, and its live owner's balance, VIP,
   * unlocks, favourite and progress in this drama and like of `episodeId` (undefined when the
   * account is gone). The drama page and a play both read this, so it is one prepared statement.
   */
  async factsBySession(hash: string, dramaId: number, episodeId = 0): Promise<SessionAndFacts> {
    const [row] = await this.factsQuery.execute({ hash, dramaId, episodeId });
    if (!row) return { session: undefined, facts: undefined };
    const session = { session: row.session, userDeletedAt: row.userDeletedAt };
    if (row.userDeletedAt !== null) return { session, facts: undefined };
    return {
      session,
      facts: {
        coin: row.coin,
        vipExpiresAt: row.vipExpiresAt,
        unlockedEpisodeIds: (row.unlocked ?? []).map(Number),
        favorited: row.favorited,
        progress: row.progress ? { episodeId: Number(row.progress[0]), positionS: row.progress[1] } : undefined,
        liked: row.liked,
      },
    };
  }
}
