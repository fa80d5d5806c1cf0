import { and, asc, count, desc, eq, gt, inArray, isNotNull, min, sql, type SQL } from 'drizzle-orm';
import type { DramaSort } from '@cliffhanger/contract';
import { dramas, type DramaRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { releasedBy } from './drama-release.js';
import { dramaTitleContains } from './title-match.js';

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

// Containment, which the GIN index on genres serves.
const hasGenre = (genre: string): SQL => sql`${dramas.genres} @> ${JSON.stringify([genre])}::jsonb`;

export interface DramaSearch {
  sort: DramaSort;
  /** Substring of a title; empty or undefined lists everything. */
  q?: string | undefined;
  /** A genre key; undefined lists every genre. */
  genre?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * SQL for the dramas table. The viewers' reads (a drama, shelves, the browse list) see only dramas
 * released by `now` (drama-release.ts).
 */
export class DramasRepository {
  constructor(private readonly db: Db) {}

  /** The drama when it is released by `now`; a draft, unpublished or scheduled one is undefined. */
  async findReleased(id: number, now: Date, tx: Db = this.db): Promise<DramaRow | undefined> {
    const [row] = await tx
      .select()
      .from(dramas)
      .where(and(eq(dramas.id, id), releasedBy(now)))
      .limit(1);
    return row;
  }

  /**
   * The earliest release still to come after `now`, or null: until then every released-by answer
   * stays true, so public answers may be kept that long and no longer (public-answer-cache.ts).
   */
  async nextReleaseAfter(now: Date, tx: Db = this.db): Promise<Date | null> {
    const [row] = await tx
      .select({ at: min(dramas.publishedAt) })
      .from(dramas)
      .where(gt(dramas.publishedAt, now));
    return row?.at ?? null;
  }

  /** Several dramas at once, released or not (what a viewer's ledger names); missing ids are left out. */
  findByIds(ids: readonly number[], tx: Db = this.db): Promise<DramaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(dramas)
      .where(inArray(dramas.id, [...ids]));
  }

  /** Up to `limit` released dramas in a shelf order (banner/recommend: ranked ones only). */
  async listOrdered(order: DramaOrder, limit: number, now: Date, tx: Db = this.db): Promise<DramaWithCount[]> {
    return tx
      .select({ drama: dramas, episodeCount })
      .from(dramas)
      .where(and(releasedBy(now), ORDER_FILTERS[order]))
      .orderBy(...ORDERS[order])
      .limit(limit);
  }

  /** One page of the browse list of released dramas and the total matching. */
  async search(search: DramaSearch, now: Date, tx: Db = this.db): Promise<{ rows: DramaWithCount[]; total: number }> {
    const where = and(
      releasedBy(now),
      search.q ? dramaTitleContains(search.q) : undefined,
      search.genre ? hasGenre(search.genre) : undefined,
    );
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
