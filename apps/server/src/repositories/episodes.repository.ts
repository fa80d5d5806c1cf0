import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { releasedBy } from './drama-release.js';

/** SQL for reading episodes (and what is counted per episode). */
export class EpisodesRepository {
  /** Prepared once per connection, then only executed. */
  private readonly withDrama;

  constructor(private readonly db: Db) {
    this.withDrama = db
      .select({ episode: episodes, drama: dramas })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.id, sql.placeholder('id')), releasedBy(sql.placeholder('now'))))
      .limit(1)
      .prepare('episode_with_drama');
  }

  /** An episode and its drama in one query, when the drama is released by `now` (an unlock starts here). */
  async findWithDrama(
    id: number,
    now: Date,
    tx: Db = this.db,
  ): Promise<{ episode: EpisodeRow; drama: DramaRow } | undefined> {
    if (tx === this.db) return (await this.withDrama.execute({ id, now }))[0];
    const [row] = await tx
      .select({ episode: episodes, drama: dramas })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.id, id), releasedBy(now)))
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
