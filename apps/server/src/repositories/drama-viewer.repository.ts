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
  /** Whether the drama is their favourite (asked by the drama page; false for a play). */
  favorited: boolean;
  progress: WatchProgress | undefined;
  /** Whether they like the episode asked about (asked by a play; false for the drama page). */
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
  private readonly forDramaPage;
  private readonly forPlay;

  constructor(private readonly db: Db) {
    // A drama page or a play for a signed-in viewer reads these on every request (they are never
    // cached): the presented session, its owner and the owner's facts in one prepared statement,
    // one round trip. Revoked and expired sessions come back too: the session service judges
    // them. The page asks for the favourite, a play for the episode's like: each statement has
    // only the subqueries its caller uses (in PGlite, every subquery costs on every run).
    this.forDramaPage = this.factsQuery('favorite').prepare('viewer_drama_page_facts');
    this.forPlay = this.factsQuery('like').prepare('viewer_play_facts');
  }

  private factsQuery(own: 'favorite' | 'like') {
    const hash = sql.placeholder('hash');
    const dramaId = sql.placeholder('dramaId');
    const userId = sql.raw('"sessions"."user_id"');
    const ownSql =
      own === 'favorite'
        ? sql<boolean>`EXISTS (
            SELECT 1 FROM favorites f WHERE f.user_id = ${userId} AND f.drama_id = ${dramaId}::bigint)`
        : sql<boolean>`EXISTS (
            SELECT 1 FROM episode_likes l WHERE l.user_id = ${userId} AND l.episode_id = ${sql.placeholder('episodeId')}::bigint)`;
    return this.db
      .select({
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
        coin: users.coin,
        vipExpiresAt: users.vipExpiresAt,
        // The drama's episode ids come from its cached public part: one index range on the
        // unlocks' primary key instead of a join with episodes.
        unlocked: sql<(number | string)[] | null>`(
          SELECT json_agg(x.episode_id) FROM episode_unlocks x
          WHERE x.user_id = ${userId}
            AND x.episode_id = ANY (string_to_array(${sql.placeholder('episodeIds')}::text, ',')::bigint[]))`,
        progress: sql<[number | string, number] | null>`(
          SELECT json_build_array(h.episode_id, h.position_s) FROM watch_history h
          WHERE h.user_id = ${userId} AND h.drama_id = ${dramaId}::bigint LIMIT 1)`,
        own: ownSql,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sessionPresenting(hash))
      .limit(1);
  }

  /**
   * The session whose access or refresh hash is `hash`, and its live owner's balance, VIP,
   * unlocks among the drama's episodes and progress in the drama (undefined when the account is gone); with `episodeId`
   * (a play) whether they like that episode, else (a drama page) whether it is a favourite.
   */
  async factsBySession(
    hash: string,
    drama: { id: number; episodeIds: readonly number[] },
    episodeId?: number,
  ): Promise<SessionAndFacts> {
    const dramaId = drama.id;
    const episodeIds = drama.episodeIds.map((id) => String(Math.trunc(id))).join(',');
    const [row] =
      episodeId === undefined
        ? await this.forDramaPage.execute({ hash, dramaId, episodeIds })
        : await this.forPlay.execute({ hash, dramaId, episodeIds, episodeId });
    if (!row) return { session: undefined, facts: undefined };
    const session = { session: row.session, userDeletedAt: row.userDeletedAt };
    if (row.userDeletedAt !== null) return { session, facts: undefined };
    return {
      session,
      facts: {
        coin: row.coin,
        vipExpiresAt: row.vipExpiresAt,
        unlockedEpisodeIds: (row.unlocked ?? []).map(Number),
        favorited: episodeId === undefined && row.own,
        progress: row.progress ? { episodeId: Number(row.progress[0]), positionS: row.progress[1] } : undefined,
        liked: episodeId !== undefined && row.own,
      },
    };
  }
}
