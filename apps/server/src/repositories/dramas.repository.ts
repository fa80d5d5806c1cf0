import { asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DramaSort } from '@cliffhanger/contract';
import { dramas, type DramaRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** A drama row with its number of episodes, as cards need. */
export interface DramaWithCount {
  drama: DramaRow;
  episodeCount: number;
}

/** The orders of home shelves and lists; every order ends with the id so pages never shuffle. */
export type DramaOrder = 'banner' | 'recommend' | 'hits' | 'likes' | 'latest' | 'az';

const ORDERS: Record<DramaOrder, SQL[]> = {
  banner: [asc(dramas.bannerRank), asc(dramas.id)],
  recommend: [asc(dramas.recommendRank), asc(dramas.id)],
  hits: [desc(dramas.hits), asc(dramas.id)],
  likes: [desc(dramas.likes), asc(dramas.id)],
  latest: [desc(dramas.publishedAt), asc(dramas.id)],
  az: [asc(dramas.sortTitle), asc(dramas.id)],
};

/** Editorial shelves only list ranked dramas; the others list everything. */
const ORDER_FILTERS: Partial<Record<DramaOrder, SQL>> = {
  banner: isNotNull(dramas.bannerRank),
  recommend: isNotNull(dramas.recommendRank),
};

// Spelled out: Drizzle leaves columns unqualified in single-table selects, and an unqualified
// "id" inside the subquery would mean the episode's id.
const episodeCount = sql<number>`(select count(*) from "episodes" e where e."drama_id" = "dramas"."id")::int`;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A case-insensitive substring of the title in any language. */
function titleMatches(q: string): SQL {
  const pattern = likeContains(q);
  return or(
    ilike(sql`${dramas.title}->>'en'`, pattern),
    ilike(sql`${dramas.title}->>'zh'`, pattern),
    ilike(sql`${dramas.title}->>'tr'`, pattern),
  ) as SQL;
}

export interface DramaSearch {
  sort: DramaSort;
  /** Substring of a title; empty or undefined lists everything. */
  q?: string | undefined;
  offset: number;
  limit: number;
}

/** SQL for the dramas table (reads and the hit counter). */
export class DramasRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, tx: Db = this.db): Promise<DramaRow | undefined> {
    const [row] = await tx.select().from(dramas).where(eq(dramas.id, id)).limit(1);
    return row;
  }

  /** Several dramas at once; missing ids are left out. */
  findByIds(ids: readonly number[], tx: Db = this.db): Promise<DramaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(dramas)
      .where(inArray(dramas.id, [...ids]));
  }

  /** Up to `limit` dramas in a shelf order (banner/recommend: ranked ones only). */
  async listOrdered(order: DramaOrder, limit: number, tx: Db = this.db): Promise<DramaWithCount[]> {
    const query = tx.select({ drama: dramas, episodeCount }).from(dramas);
    const filter = ORDER_FILTERS[order];
    return (filter ? query.where(filter) : query).orderBy(...ORDERS[order]).limit(limit);
  }

  /** One page of the browse list and the total matching. */
  async search(search: DramaSearch, tx: Db = this.db): Promise<{ rows: DramaWithCount[]; total: number }> {
    const where = search.q ? titleMatches(search.q) : undefined;
    const rows = await tx
      .select({ drama: dramas, episodeCount })
      .from(dramas)
      .where(where)
      .orderBy(...ORDERS[search.sort])
      .limit(search.limit)
      .offset(search.offset);
    const [counted] = await tx.select({ total: count() }).from(dramas).where(where);
    return { rows, total: counted?.total ?? 0 };
  }
}
