import DataLoader from 'dataloader';
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
interface ViewerDramaFacts {
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

/** One request's question: a presented session hash, a drama and (for a play) an episode. */
interface Ask {
  hash: string;
  dramaId: number;
  /** The drama's episode ids, comma-separated (from its cached public part). */
  episodeIds: string;
  episodeId: number | null;
}

/** An ask as the statement reads it from its JSON parameter (`i` is its place in the batch). */
interface AskRecord {
  i: number;
  h: string;
  d: number;
  e: string;
  p: number | null;
}

/**
 * Asks waiting when the event loop reaches its check phase go out as one statement, so a burst
 * of concurrent drama pages or plays costs one round trip (and, in PGlite, one statement run on
 * Node's thread) instead of one each. Bounded so one statement stays short.
 */
const MAX_BATCH = 64;

/**
 * What one signed-in viewer has done with a drama or episode (favourite, progress, like), for
 * the catalogue and playback answers. Read-only: the social features own the writes.
 *
 * A drama page or a play for a signed-in viewer reads these on every request; they are never
 * cached. Each request's read starts after the request arrived (it waits at most for the current
 * turn of the event loop to end), so it sees every write committed before it, as a read of its
 * own would: batching shares the statement, not the answer.
 */
export class DramaViewerRepository {
  private readonly forDramaPage;
  private readonly forPlay;
  private readonly pageLoader: DataLoader<Ask, SessionAndFacts>;
  private readonly playLoader: DataLoader<Ask, SessionAndFacts>;

  constructor(private readonly db: Db) {
    // The presented sessions, their owners and the owners' facts in one prepared statement, one
    // round trip per batch. Revoked and expired sessions come back too: the session service
    // judges them. The page asks for the favourite, a play for the episode's like: each statement
    // has only the subqueries its caller uses (in PGlite, every subquery costs on every run).
    this.forDramaPage = this.factsQuery('favorite').prepare('viewer_drama_page_facts');
    this.forPlay = this.factsQuery('like').prepare('viewer_play_facts');
    const options = {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch: () => void) => setImmediate(dispatch),
    };
    this.pageLoader = new DataLoader((asks) => this.run('favorite', asks), options);
    this.playLoader = new DataLoader((asks) => this.run('like', asks), options);
  }

  private factsQuery(own: 'favorite' | 'like') {
    const userId = sql.raw('"sessions"."user_id"');
    const ownSql =
      own === 'favorite'
        ? sql<boolean>`EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ${userId} AND f.drama_id = q.d)`
        : sql<boolean>`EXISTS (SELECT 1 FROM episode_likes l WHERE l.user_id = ${userId} AND l.episode_id = q.p)`;
    return this.db
      .select({
        i: sql<number>`q.i`,
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
        userBlockedAt: users.blockedAt,
        coin: users.coin,
        vipExpiresAt: users.vipExpiresAt,
        // The drama's episode ids come from its cached public part: one index range on the
        // unlocks' primary key instead of a join with episodes.
        unlocked: sql<(number | string)[] | null>`(
          SELECT json_agg(x.episode_id) FROM episode_unlocks x
          WHERE x.user_id = ${userId} AND x.episode_id = ANY (string_to_array(q.e, ',')::bigint[]))`,
        progress: sql<[number | string, number] | null>`(
          SELECT json_build_array(h.episode_id, h.position_s) FROM watch_history h
          WHERE h.user_id = ${userId} AND h.drama_id = q.d LIMIT 1)`,
        own: ownSql,
      })
      .from(sql`jsonb_to_recordset(${sql.placeholder('asks')}::jsonb) AS q(i int, h text, d bigint, e text, p bigint)`)
      .innerJoin(sessions, sessionPresenting(sql`q.h`))
      .innerJoin(users, eq(users.id, sessions.userId));
  }

  private async run(own: 'favorite' | 'like', asks: readonly Ask[]): Promise<SessionAndFacts[]> {
    const records: AskRecord[] = asks.map((ask, i) => ({
      i,
      h: ask.hash,
      d: ask.dramaId,
      e: ask.episodeIds,
      p: ask.episodeId,
    }));
    const statement = own === 'favorite' ? this.forDramaPage : this.forPlay;
    const rows = await statement.execute({ asks: JSON.stringify(records) });
    const answers: SessionAndFacts[] = asks.map(() => ({ session: undefined, facts: undefined }));
    const answered = new Set<number>();
    for (const row of rows) {
      const i = Number(row.i);
      if (answered.has(i)) continue;
      answered.add(i);
      const session = { session: row.session, userDeletedAt: row.userDeletedAt, userBlockedAt: row.userBlockedAt };
      answers[i] =
        row.userDeletedAt !== null
          ? { session, facts: undefined }
          : {
              session,
              facts: {
                coin: row.coin,
                vipExpiresAt: row.vipExpiresAt,
                unlockedEpisodeIds: (row.unlocked ?? []).map(Number),
                favorited: own === 'favorite' && row.own,
                progress: row.progress ? { episodeId: Number(row.progress[0]), positionS: row.progress[1] } : undefined,
                liked: own === 'like' && row.own,
              },
            };
    }
    return answers;
  }

  /**
   * The session whose access or refresh hash is `hash`, and its live owner's balance, VIP,
   * unlocks among the drama's episodes and progress in the drama (undefined when the account is
   * gone); with `episodeId` (a play) whether they like that episode, else (a drama page) whether
   * it is a favourite.
   */
  factsBySession(
    hash: string,
    drama: { id: number; episodeIds: readonly number[] },
    episodeId?: number,
  ): Promise<SessionAndFacts> {
    const ask: Ask = {
      hash,
      dramaId: Math.trunc(drama.id),
      episodeIds: drama.episodeIds.map((id) => String(Math.trunc(id))).join(','),
      episodeId: episodeId === undefined ? null : Math.trunc(episodeId),
    };
    return episodeId === undefined ? this.pageLoader.load(ask) : this.playLoader.load(ask);
  }
}
