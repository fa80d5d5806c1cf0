import { and, asc, count, desc, eq, gt, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ConsoleDramaSort, DramaStatus } from '@cliffhanger/contract/console';
import {
  dramas,
  episodes,
  episodeUnlocks,
  type DramaRow,
  type EpisodeRow,
  type NewDramaRow,
} from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { dramaTitleOrSlugContains } from './title-match.js';

export interface ConsoleDramaSearch {
  /** Substring of a title in any language, or of the slug. */
  q?: string | undefined;
  status?: DramaStatus | undefined;
  tag?: string | undefined;
  sort: ConsoleDramaSort;
  order: 'asc' | 'desc';
  /** What "scheduled" and "published" are measured against. */
  now: Date;
  offset: number;
  limit: number;
}

const SORT_COLUMNS = {
  updated: dramas.updatedAt,
  created: dramas.createdAt,
  title: dramas.sortTitle,
  hits: dramas.hits,
} as const;

// Spelled out: Drizzle leaves columns unqualified in single-table selects, and an unqualified
// "id" inside the subquery would mean the episode's id. An index-only count on (drama_id, number).
const episodeCount = sql<number>`(select count(*) from "episodes" e where e."drama_id" = "dramas"."id")::int`;

function statusIs(status: DramaStatus, now: Date): SQL {
  if (status === 'not_published') return isNull(dramas.publishedAt);
  return status === 'scheduled' ? gt(dramas.publishedAt, now) : lte(dramas.publishedAt, now);
}

function searchWhere(search: ConsoleDramaSearch): SQL | undefined {
  const parts: SQL[] = [];
  if (search.q) {
    parts.push(dramaTitleOrSlugContains(search.q));
  }
  if (search.status) parts.push(statusIs(search.status, search.now));
  if (search.tag) parts.push(sql`${dramas.tags} @> ${JSON.stringify([search.tag])}::jsonb`);
  return parts.length === 0 ? undefined : and(...parts);
}

/** SQL for the console's catalogue: every drama, published or not, and its episodes. */
export class ConsoleCatalogueRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of the console's drama list, each drama's episode count, and the total matching. The
   * page is cut on narrow rows (the id, the sort key) with the total as a window count over the
   * same scan; then only the page's dramas are read whole, each with its episodes counted. Counting
   * in the first statement would count episodes for every row an OFFSET skips too.
   */
  async search(
    search: ConsoleDramaSearch,
    tx: Db = this.db,
  ): Promise<{ rows: { drama: DramaRow; episodeCount: number }[]; total: number }> {
    const where = searchWhere(search);
    const direction = search.order === 'asc' ? asc : desc;
    const page = await tx
      .select({ id: dramas.id, total: sql<number>`(count(*) over ())::int` })
      .from(dramas)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[search.sort]), direction(dramas.id))
      .limit(search.limit)
      .offset(search.offset);
    if (page.length === 0) return { rows: [], total: search.offset === 0 ? 0 : await this.count(where, tx) };
    const rows = await tx
      .select({ drama: dramas, episodeCount })
      .from(dramas)
      .where(
        inArray(
          dramas.id,
          page.map((row) => row.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.drama.id, row]));
    return {
      rows: page.flatMap((row) => byId.get(row.id) ?? []),
      total: page[0]!.total,
    };
  }

  private async count(where: SQL | undefined, tx: Db): Promise<number> {
    const [counted] = await tx.select({ total: count() }).from(dramas).where(where);
    return counted?.total ?? 0;
  }

  /** Every tag in use, A to Z (at most 1,000: tags are a short editorial list). */
  async tags(tx: Db = this.db): Promise<string[]> {
    const rows = await queryRows<{ tag: string }>(
      tx,
      sql`select distinct t.tag from ${dramas}, jsonb_array_elements_text(${dramas.tags}) as t(tag) order by t.tag limit 1000`,
    );
    return rows.map((row) => row.tag);
  }

  async findById(id: number, tx: Db = this.db): Promise<DramaRow | undefined> {
    const [row] = await tx.select().from(dramas).where(eq(dramas.id, id)).limit(1);
    return row;
  }

  /** The drama, its row locked until the transaction ends: changes to one drama take turns. */
  async findByIdForUpdate(id: number, tx: Db): Promise<DramaRow | undefined> {
    const [row] = await tx.select().from(dramas).where(eq(dramas.id, id)).for('update').limit(1);
    return row;
  }

  /** Slugs equal to `base` or of the form `base-…` (a slug has no LIKE wildcards in it). */
  async slugsLike(base: string, tx: Db = this.db): Promise<string[]> {
    const rows = await tx
      .select({ slug: dramas.slug })
      .from(dramas)
      .where(or(eq(dramas.slug, base), like(dramas.slug, `${base}-%`)));
    return rows.map((row) => row.slug);
  }

  async insert(values: NewDramaRow, tx: Db = this.db): Promise<DramaRow> {
    const [row] = await tx.insert(dramas).values(values).returning();
    if (!row) throw new Error('insert into dramas returned no row');
    return row;
  }

  async update(id: number, values: Partial<NewDramaRow>, tx: Db): Promise<void> {
    await tx.update(dramas).set(values).where(eq(dramas.id, id));
  }

  episodesOf(dramaId: number, tx: Db = this.db): Promise<EpisodeRow[]> {
    return tx.select().from(episodes).where(eq(episodes.dramaId, dramaId)).orderBy(asc(episodes.number));
  }

  async findEpisode(dramaId: number, episodeId: number, tx: Db = this.db): Promise<EpisodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.dramaId, dramaId)))
      .limit(1);
    return row;
  }

  async updateEpisode(id: number, values: Pick<Partial<EpisodeRow>, 'title' | 'subtitles'>, tx: Db): Promise<void> {
    await tx.update(episodes).set(values).where(eq(episodes.id, id));
  }

  /**
   * Numbers the drama's episodes 1..n in the order of `orderedIds` (all of its episodes). The
   * unique (drama_id, number) index is checked row by row, so the episodes first move out of the
   * way, past every number in use, and then take their new numbers: two statements, no collision.
   */
  async renumber(dramaId: number, orderedIds: readonly number[], tx: Db): Promise<void> {
    await tx
      .update(episodes)
      .set({
        number: sql`${episodes.number} + (select max(e."number") from "episodes" e where e."drama_id" = ${dramaId})`,
      })
      .where(eq(episodes.dramaId, dramaId));
    await tx.execute(sql`
      update ${episodes} set "number" = o.n::int
      from unnest(${`{${orderedIds.join(',')}}`}::bigint[]) with ordinality as o(id, n)
      where ${episodes.id} = o.id and ${episodes.dramaId} = ${dramaId}`);
  }

  async deleteEpisode(id: number, tx: Db): Promise<void> {
    await tx.delete(episodes).where(eq(episodes.id, id));
  }

  async hasUnlocks(episodeId: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql`1` })
      .from(episodeUnlocks)
      .where(eq(episodeUnlocks.episodeId, episodeId))
      .limit(1);
    return row !== undefined;
  }
}
