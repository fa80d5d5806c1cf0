import { sql } from 'drizzle-orm';
import type { ChartKind } from '@cliffhanger/contract';
import { dramaCharts } from '../db/charts.schema.js';
import { dramas } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { releasedBy } from './drama-release.js';
import type { DramaWithCount } from './dramas.repository.js';

export interface ChartRowToWrite {
  kind: ChartKind;
  rank: number;
  dramaId: number;
  score: number;
}

export interface ChartRead {
  kind: ChartKind;
  rank: number;
  entry: DramaWithCount;
  countedAt: Date;
}

const episodeCount = sql<number>`(select count(*) from "episodes" e where e."drama_id" = "dramas"."id")::int`;

/** SQL of the home charts: the counts they rank, and their rows (drama_charts). */
export class ChartsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Plays of each released drama in [lastWeekFrom, thisWeekFrom) and [thisWeekFrom, until). A
   * drama with no play in either week is left out.
   */
  async playCounts(
    window: { lastWeekFrom: Date; thisWeekFrom: Date; until: Date },
    tx: Db = this.db,
  ): Promise<{ dramaId: number; thisWeek: number; lastWeek: number }[]> {
    const thisWeekFrom = sql`${window.thisWeekFrom.toISOString()}::timestamptz`;
    const rows = await queryRows<{ drama_id: number | string; this_week: number | string; last_week: number | string }>(
      tx,
      sql`SELECT e.drama_id,
                 count(*) FILTER (WHERE p.created_at >= ${thisWeekFrom}) AS this_week,
                 count(*) FILTER (WHERE p.created_at < ${thisWeekFrom}) AS last_week
          FROM episode_plays p
          JOIN episodes e ON e.id = p.episode_id
          JOIN dramas d ON d.id = e.drama_id
          WHERE p.created_at >= ${window.lastWeekFrom.toISOString()}::timestamptz
            AND p.created_at < ${window.until.toISOString()}::timestamptz
            AND ${releasedBy(window.until, 'd')}
          GROUP BY e.drama_id`,
    );
    return rows.map((row) => ({
      dramaId: Number(row.drama_id),
      thisWeek: Number(row.this_week),
      lastWeek: Number(row.last_week),
    }));
  }

  /** Favourites of each released drama that has any. */
  async favouriteCounts(now: Date, tx: Db = this.db): Promise<{ dramaId: number; favourites: number }[]> {
    const rows = await queryRows<{ drama_id: number | string; favourites: number | string }>(
      tx,
      sql`SELECT f.drama_id, count(*) AS favourites
          FROM favorites f JOIN dramas d ON d.id = f.drama_id
          WHERE ${releasedBy(now, 'd')}
          GROUP BY f.drama_id`,
    );
    return rows.map((row) => ({ dramaId: Number(row.drama_id), favourites: Number(row.favourites) }));
  }

  /** Replaces every chart in the caller's transaction: readers see the last count or this one. */
  async replace(rows: readonly ChartRowToWrite[], countedAt: Date, tx: Db): Promise<void> {
    await tx.delete(dramaCharts);
    if (rows.length > 0) await tx.insert(dramaCharts).values(rows.map((row) => ({ ...row, countedAt })));
  }

  /** Serialises counts: two at once would each delete what the other wrote. */
  async lock(tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('charts-refresh', 0))`);
  }

  /** Every chart's rows whose drama is released by `now`, by kind and rank, each with its drama. */
  async read(now: Date, tx: Db = this.db): Promise<ChartRead[]> {
    const rows = await tx
      .select({ chart: dramaCharts, drama: dramas, episodeCount })
      .from(dramaCharts)
      .innerJoin(dramas, sql`${dramas.id} = ${dramaCharts.dramaId}`)
      .where(releasedBy(now))
      .orderBy(dramaCharts.kind, dramaCharts.rank);
    return rows.map((row) => ({
      kind: row.chart.kind,
      rank: row.chart.rank,
      entry: { drama: row.drama, episodeCount: row.episodeCount },
      countedAt: row.chart.countedAt,
    }));
  }
}
