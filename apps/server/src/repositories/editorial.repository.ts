import { asc, desc, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { dramas, type DramaRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { dramaTitleContains } from './title-match.js';

/** The two editorial lists on home: the banner carousel and the recommended shelf. */
export type EditorialList = 'banners' | 'shelf';

const RANK = { banners: dramas.bannerRank, shelf: dramas.recommendRank } as const;

/** What the console shows of a drama in an editorial list or a search for one. */
export type EditorialDramaRow = Pick<DramaRow, 'id' | 'title' | 'poster' | 'banner' | 'publishedAt'>;

const columns = {
  id: dramas.id,
  title: dramas.title,
  poster: dramas.poster,
  banner: dramas.banner,
  publishedAt: dramas.publishedAt,
};

/** SQL for the editorial ranks of dramas (banner_rank, recommend_rank). */
export class EditorialRepository {
  constructor(private readonly db: Db) {}

  /** The dramas placed on a list, first shown first, released or not. */
  listPlaced(list: EditorialList, tx: Db = this.db): Promise<EditorialDramaRow[]> {
    const rank = RANK[list];
    return tx.select(columns).from(dramas).where(isNotNull(rank)).orderBy(asc(rank), asc(dramas.id));
  }

  /** Up to `limit` dramas whose title contains `q` (every drama when `q` is empty), newest first. */
  search(q: string | undefined, limit: number, tx: Db = this.db): Promise<EditorialDramaRow[]> {
    return tx
      .select(columns)
      .from(dramas)
      .where(q ? dramaTitleContains(q) : undefined)
      .orderBy(desc(dramas.createdAt), desc(dramas.id))
      .limit(limit);
  }

  findByIds(ids: readonly number[], tx: Db = this.db): Promise<EditorialDramaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select(columns)
      .from(dramas)
      .where(inArray(dramas.id, [...ids]));
  }

  /**
   * Waits for any other change of the same list to commit. Two reorders at once would otherwise
   * each clear the ranks they read and leave a mix of both lists.
   */
  async lock(list: EditorialList, tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`editorial:${list}`}, 0))`);
  }

  /** Ranks `ids` 1, 2, … in that order, and takes every other drama off the list, in one statement. */
  async place(list: EditorialList, ids: readonly number[], tx: Db): Promise<void> {
    const rank = RANK[list];
    const order = sql`ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]`;
    const listed: SQL = ids.length > 0 ? inArray(dramas.id, [...ids]) : sql`false`;
    // array_position answers NULL for a drama not in the list: that takes it off.
    const position = sql<number | null>`array_position(${order}, ${dramas.id})`;
    await tx
      .update(dramas)
      .set(list === 'banners' ? { bannerRank: position } : { recommendRank: position })
      .where(or(isNotNull(rank), listed));
  }
}
