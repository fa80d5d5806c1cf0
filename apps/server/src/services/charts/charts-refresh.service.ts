import { CHART_KINDS, CHART_SIZE } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { ChartsRepository, type ChartRowToWrite } from '../../repositories/charts.repository.js';
import { rankCharts } from './chart-ranking.js';

/** How often the `charts-refresh` job counts the charts: a week's plays move slowly. */
export const CHARTS_REFRESH_INTERVAL_S = 600;
/**
 * Rows kept per chart: more than a chart shows, so a drama unpublished after the count leaves the
 * next one in its place instead of a short chart until the next count.
 */
const KEPT_PER_CHART = CHART_SIZE * 3;
const WEEK_MS = 7 * 86_400_000;

export interface ChartsRefreshDeps {
  db: Db;
  clock: Clock;
}

export type ChartsRefresh = Record<(typeof CHART_KINDS)[number], number> & { duration_ms: number };

/**
 * Counts the home charts (docs/product.md#charts) from the plays of the last two weeks and the
 * favourites, of released dramas, and replaces drama_charts in one transaction under an advisory
 * lock: a repeat or an overlap changes nothing, and a reader never sees half a count. The viewers'
 * answer is read from memory (ChartsService), so this job is the only reader of the plays.
 */
export class ChartsRefreshService {
  private readonly charts: ChartsRepository;

  constructor(private readonly deps: ChartsRefreshDeps) {
    this.charts = new ChartsRepository(deps.db);
  }

  async refresh(): Promise<ChartsRefresh> {
    const started = performance.now();
    const now = this.deps.clock();
    return this.deps.db.transaction(async (tx) => {
      await this.charts.lock(tx);
      const [plays, favourites] = await Promise.all([
        this.charts.playCounts(
          {
            lastWeekFrom: new Date(now.getTime() - 2 * WEEK_MS),
            thisWeekFrom: new Date(now.getTime() - WEEK_MS),
            until: now,
          },
          tx,
        ),
        this.charts.favouriteCounts(now, tx),
      ]);
      const ranked = rankCharts(plays, favourites, KEPT_PER_CHART);
      const rows: ChartRowToWrite[] = CHART_KINDS.flatMap((kind) =>
        ranked[kind].map((drama, index) => ({ kind, rank: index + 1, dramaId: drama.dramaId, score: drama.score })),
      );
      await this.charts.replace(rows, now, tx);
      return {
        most_watched: ranked.most_watched.length,
        rising: ranked.rising.length,
        most_collected: ranked.most_collected.length,
        duration_ms: Math.round(performance.now() - started),
      };
    });
  }
}
