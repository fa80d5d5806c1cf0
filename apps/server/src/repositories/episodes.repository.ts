import { asc, eq, inArray, sql } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { sessions } from '../db/auth.schema.js';
import { users } from '../db/users.schema.js';
import { sessionColumns, sessionPresenting } from './presented-session.js';
import type { SessionCheck } from './sessions.repository.js';

/** SQL for reading episodes (and what is counted per episode). */
export class EpisodesRepository {
  /** Every unlock starts here: prepared once per connection, then only executed. */
  private readonly withDrama;
  private readonly withDramaAndSession;

  constructor(private readonly db: Db) {
    this.withDrama = db
      .select({ episode: episodes, drama: dramas })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(eq(episodes.id, sql.placeholder('id')))
      .limit(1)
      .prepare('episode_with_drama');
    this.withDramaAndSession = db
      .select({
        episode: episodes,
        drama: dramas,
        session: sessionColumns,
        userDeletedAt: users.deletedAt,
      })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .leftJoin(sessions, sessionPresenting(sql.placeholder('hash')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(episodes.id, sql.placeholder('id')))
      .limit(1)
      .prepare('episode_with_drama_and_session');
  }

  /**
   * The episode with its drama, and the session whose access or refresh hash is `hash` (see
   * presented-session.ts): an unlock's reads before its transaction in one round trip.
   * Undefined when the episode does not exist, whatever the session.
   */
  async findWithDramaAndSession(
    id: number,
    hash: string,
  ): Promise<{ episode: EpisodeRow; drama: DramaRow; session: SessionCheck | undefined } | undefined> {
    const [row] = await this.withDramaAndSession.execute({ id, hash });
    if (!row) return undefined;
    const session = row.session ? { session: row.session, userDeletedAt: row.userDeletedAt } : undefined;
    return { episode: row.episode, drama: row.drama, session };
  }

  /** An episode and its drama in one query (play and unlock start here). */
  async findWithDrama(id: number, tx: Db = this.db): Promise<{ episode: EpisodeRow; drama: DramaRow } | undefined> {
    if (tx === this.db) return (await this.withDrama.execute({ id }))[0];
    const [row] = await tx
      .select({ episode: episodes, drama: dramas })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(eq(episodes.id, id))
      .limit(1);
    return row;
  }

  /** Several episodes at once (the wallet names what each unlock bought); missing ids are left out. */
  findByIds(ids: readonly number[], tx: Db = this.db): Promise<EpisodeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(episodes)
      .where(inArray(episodes.id, [...ids]));
  }

  /** Every episode of a drama by number. */
  listByDrama(dramaId: number, tx: Db = this.db): Promise<EpisodeRow[]> {
    return tx.select().from(episodes).where(eq(episodes.dramaId, dramaId)).orderBy(asc(episodes.number));
  }
}
