import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/auth.schema.js';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import { users } from '../db/users.schema.js';
import type { Db } from '../db/database.js';
import { sessionColumns, sessionPresenting } from './presented-session.js';
import type { SessionCheck } from './sessions.repository.js';

/** Everything GET /episodes/:id/play reads, for one episode and one viewer. */
export interface PlayContext {
  episode: EpisodeRow;
  drama: DramaRow;
  /** The drama's episodes by number (neighbours, and what is still locked). */
  siblings: { id: number; number: number }[];
  /** The signed-in viewer's row; undefined for a visitor, or when the account is gone. */
  viewer: { coin: number; vipExpiresAt: Date | null; deleted: boolean } | undefined;
  /** Episodes of this drama the viewer unlocked. */
  unlockedEpisodeIds: number[];
  liked: boolean;
  commentCount: number;
  /** Where the viewer stopped in this drama. */
  progress: { episodeId: number; positionS: number } | undefined;
  /** The presented session, for a play by token (undefined for a visitor or an unknown token). */
  session: SessionCheck | undefined;
}

/** Who asks to play: a visitor, or whoever holds the session with this token hash. */
export type PlayAsker = { visitor: true } | { visitor: false; tokenHash: string };

/** Hashes are hex; this matches no session, so every per-viewer part comes back empty. */
const NO_SESSION = '-';

/**
 * The play endpoint's reads in one prepared statement: the presented session, the episode, its
 * drama, the drama's episode list and what the viewer holds and did (user row, unlocks, like,
 * progress) and the comment count. They were eight queries, most of a play's time on a busy database.
 */
export class PlayContextRepository {
  private readonly query;

  constructor(db: Db) {
    // The viewer is the presented session's user, joined in: session and reads in one round trip.
    // A visitor's hash matches no session, so every per-viewer part comes back empty.
    const userId = sql.raw('"sessions"."user_id"');
    this.query = db
      .select({
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
        episode: episodes,
        drama: dramas,
        siblings: sql<[number | string, number][] | null>`(
          SELECT json_agg(json_build_array(s.id, s.number) ORDER BY s.number)
          FROM episodes s WHERE s.drama_id = ${episodes.dramaId})`,
        viewer: { coin: users.coin, vipExpiresAt: users.vipExpiresAt },
        unlocked: sql<(number | string)[] | null>`(
          SELECT json_agg(x.episode_id) FROM episode_unlocks x JOIN episodes s ON s.id = x.episode_id
          WHERE x.user_id = ${userId} AND s.drama_id = ${episodes.dramaId})`,
        liked: sql<boolean>`EXISTS (
          SELECT 1 FROM episode_likes l WHERE l.user_id = ${userId} AND l.episode_id = ${episodes.id})`,
        commentCount: sql<number>`(
          SELECT count(*)::int FROM comments c WHERE c.episode_id = ${episodes.id} AND c.deleted_at IS NULL)`,
        progress: sql<[number | string, number] | null>`(
          SELECT json_build_array(h.episode_id, h.position_s) FROM watch_history h
          WHERE h.user_id = ${userId} AND h.drama_id = ${episodes.dramaId} LIMIT 1)`,
      })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .leftJoin(sessions, sessionPresenting(sql.placeholder('hash')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(episodes.id, sql.placeholder('episodeId')))
      .limit(1)
      .prepare('play_context');
  }

  async load(episodeId: number, asker: PlayAsker): Promise<PlayContext | undefined> {
    const [row] = await this.query.execute({ episodeId, hash: asker.visitor ? NO_SESSION : asker.tokenHash });
    if (!row) return undefined;
    return {
      episode: row.episode,
      drama: row.drama,
      siblings: (row.siblings ?? []).map(([id, number]) => ({ id: Number(id), number })),
      viewer: row.viewer ? { ...row.viewer, deleted: row.userDeletedAt !== null } : undefined,
      unlockedEpisodeIds: (row.unlocked ?? []).map(Number),
      liked: row.liked,
      commentCount: Number(row.commentCount),
      progress: row.progress ? { episodeId: Number(row.progress[0]), positionS: row.progress[1] } : undefined,
      session: row.session ? { session: row.session, userDeletedAt: row.userDeletedAt } : undefined,
    };
  }
}
