import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { episodes, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { comments } from '../db/social.schema.js';

/** SQL for reading episodes (and what is counted per episode). */
export class EpisodesRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, tx: Db = this.db): Promise<EpisodeRow | undefined> {
    const [row] = await tx.select().from(episodes).where(eq(episodes.id, id)).limit(1);
    return row;
  }

  /** Several episodes at once (the wallet names what each unlock bought); missing ids are left out. */
  findByIds(ids: readonly number[], tx: Db = this.db): Promise<EpisodeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx.select().from(episodes).where(inArray(episodes.id, [...ids]));
  }

  /** Every episode of a drama by number. */
  listByDrama(dramaId: number, tx: Db = this.db): Promise<EpisodeRow[]> {
    return tx.select().from(episodes).where(eq(episodes.dramaId, dramaId)).orderBy(asc(episodes.number));
  }

  /** Comments still shown under an episode (deleted ones excluded). */
  async countComments(episodeId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.episodeId, episodeId), isNull(comments.deletedAt)));
    return row?.n ?? 0;
  }
}
