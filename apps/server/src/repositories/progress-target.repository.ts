import { and, eq, sql } from 'drizzle-orm';
import { sessions } from '../db/auth.schema.js';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { users } from '../db/users.schema.js';
import { releasedBy } from './drama-release.js';
import { sessionColumns, sessionPresenting } from './presented-session.js';
import type { SessionCheck } from './sessions.repository.js';
import type { EpisodeTarget } from './social-targets.repository.js';

/** What a progress save is judged by, read in one statement. */
export interface ProgressTarget {
  /** The presented session, as it is (the session service judges it); undefined when unknown. */
  session: SessionCheck | undefined;
  /** Undefined for an unknown episode and for one whose drama is not released by `now`. */
  episode: EpisodeTarget | undefined;
  vipExpiresAt: Date | null;
  /** The viewer has an episode_unlocks row for the episode. */
  unlocked: boolean;
}

/**
 * The read behind PUT /history: the presented session and its owner, the episode with its drama's
 * free episodes, the owner's VIP and whether they unlocked the episode, in one prepared statement
 * (one round trip, where a save used to read the session, the episode and the right one by one).
 * No row when no session has the hash.
 */
export class ProgressTargetRepository {
  private readonly query;

  constructor(db: Db) {
    const episodeId = sql.placeholder('episodeId');
    this.query = db
      .select({
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
        userBlockedAt: users.blockedAt,
        vipExpiresAt: users.vipExpiresAt,
        episodeId: episodes.id,
        dramaId: episodes.dramaId,
        number: episodes.number,
        durationS: episodes.durationS,
        // Null when the episode's drama is not released (the join below leaves it out).
        freeEpisodes: dramas.freeEpisodes,
        unlocked: sql<boolean>`EXISTS (
          SELECT 1 FROM episode_unlocks x WHERE x.user_id = ${sessions.userId} AND x.episode_id = ${episodeId})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(episodes, eq(episodes.id, episodeId))
      .leftJoin(dramas, and(eq(dramas.id, episodes.dramaId), releasedBy(sql.placeholder('now'))))
      .where(sessionPresenting(sql.placeholder('hash')))
      .limit(1)
      .prepare('history_progress_target');
  }

  async load(hash: string, episodeId: number, now: Date): Promise<ProgressTarget> {
    const [row] = await this.query.execute({ hash, episodeId, now });
    if (!row) return { session: undefined, episode: undefined, vipExpiresAt: null, unlocked: false };
    const { episodeId: id, dramaId, number, durationS, freeEpisodes } = row;
    const released = id !== null && dramaId !== null && number !== null && durationS !== null && freeEpisodes !== null;
    return {
      session: { session: row.session, userDeletedAt: row.userDeletedAt, userBlockedAt: row.userBlockedAt },
      episode: released ? { id, dramaId, number, durationS, freeEpisodes } : undefined,
      vipExpiresAt: row.vipExpiresAt,
      unlocked: row.unlocked,
    };
  }
}
