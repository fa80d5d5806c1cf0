import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { RecommendationsRepository, type NeighbourRow } from '../../repositories/recommendations.repository.js';
import { coWatchNeighbours } from './co-watch-similarity.js';

/** How often the `recommendations-refresh` job runs. Taste moves slowly; trending within the hour. */
export const RECOMMENDATIONS_REFRESH_INTERVAL_S = 1800;
/** Plays this recent train the similarity: long enough to pair most dramas, short enough to follow taste. */
const SIMILARITY_WINDOW_DAYS = 180;
/** Plays this recent make a drama trending. */
const TRENDING_WINDOW_DAYS = 7;
/** Neighbours kept per drama: a viewer's few seeds give the feed far more than a page. */
export const NEIGHBOURS_PER_DRAMA = 20;
/** Trending dramas kept. */
const TRENDING_KEPT = 200;
const DAY_MS = 86_400_000;

export interface RecommendationsRefreshDeps {
  db: Db;
  clock: Clock;
}

export interface RecommendationsRefresh {
  viewers: number;
  dramas_with_neighbours: number;
  trending: number;
  duration_ms: number;
}

/**
 * Recomputes what the For You feed ranks by (docs/recommendations.md#the-refresh): each drama's
 * co-watch neighbours over the recent plays, favourites and watch history, and the trending
 * dramas of the last week. Both tables are replaced in one transaction under an advisory lock, so
 * a repeat or an overlap changes nothing and a reader never sees half a refresh.
 */
export class RecommendationsRefreshService {
  private readonly repository: RecommendationsRepository;

  constructor(private readonly deps: RecommendationsRefreshDeps) {
    this.repository = new RecommendationsRepository(deps.db);
  }

  async refresh(): Promise<RecommendationsRefresh> {
    const started = performance.now();
    const now = this.deps.clock().getTime();
    return this.deps.db.transaction(async (tx) => {
      await this.repository.lock(tx);
      const pairs = await this.repository.watchPairs(new Date(now - SIMILARITY_WINDOW_DAYS * DAY_MS), tx);
      const neighbours = coWatchNeighbours(pairs, { topK: NEIGHBOURS_PER_DRAMA });
      const rows: NeighbourRow[] = [...neighbours].flatMap(([dramaId, list]) =>
        list.map(({ neighbourId, score }) => ({ dramaId, neighbourId, score })),
      );
      const trending = await this.repository.viewersSince(
        new Date(now - TRENDING_WINDOW_DAYS * DAY_MS),
        TRENDING_KEPT,
        tx,
      );
      await this.repository.replace(rows, trending, tx);
      return {
        viewers: new Set(pairs.map((pair) => pair.viewer)).size,
        dramas_with_neighbours: neighbours.size,
        trending: trending.length,
        duration_ms: Math.round(performance.now() - started),
      };
    });
  }
}
