import { byViewerCount, coWatchNeighbours, type WatchPair } from '../co-watch-similarity.js';
import { mixFeed, rankBySimilarity, SEED_WEIGHTS } from '../feed-ranking.js';
import { NEIGHBOURS_PER_DRAMA } from '../recommendations-refresh.service.js';
import { syntheticWatchLogs, type SyntheticWorld } from './synthetic-watch-logs.js';

/** The list length judged: about a page of the feed. */
export const CUTOFF = 10;

export interface EvaluationResult {
  world: SyntheticWorld;
  /** Viewers judged: those who watched at least two dramas (one to learn from, one held out). */
  judged: number;
  /** Share of viewers whose held-out drama is in the first CUTOFF, per ranking. */
  hitRate: { popularity: number; personal: number; feed: number };
}

/**
 * Leave-last-out evaluation (docs/recommendations.md#offline-evaluation): each viewer's last
 * drama is held out, the similarity is trained on everything else with the server's own code
 * (coWatchNeighbours, rankBySimilarity, mixFeed), and each ranking is judged by whether the held-out
 * drama is in its first CUTOFF. Dramas the viewer already watched are excluded, as the feed
 * excludes finished ones. Popularity ranks by viewers in the training logs.
 */
export function evaluateRecommendations(world: SyntheticWorld): EvaluationResult {
  const logs = syntheticWatchLogs(world);
  const training: WatchPair[] = [];
  logs.forEach((watched, v) => {
    for (const dramaId of watched.slice(0, -1)) training.push({ viewer: `v${v}`, dramaId });
  });
  const neighbours = coWatchNeighbours(training, { topK: NEIGHBOURS_PER_DRAMA });
  const popular = byViewerCount(training).map((row) => row.dramaId);

  let judged = 0;
  const hits = { popularity: 0, personal: 0, feed: 0 };
  for (const watched of logs) {
    if (watched.length < 2) continue;
    judged += 1;
    const heldOut = watched[watched.length - 1] as number;
    const seen = new Set(watched.slice(0, -1));
    const seeds = [...seen].map((dramaId) => ({ dramaId, weight: SEED_WEIGHTS.finished }));
    const personal = rankBySimilarity(seeds, (id) => neighbours.get(id) ?? [], seen);
    const byPopularity = popular.filter((id) => !seen.has(id));
    const feed = mixFeed(personal, byPopularity, seen).map((r) => r.dramaId);
    if (byPopularity.slice(0, CUTOFF).includes(heldOut)) hits.popularity += 1;
    if (personal.slice(0, CUTOFF).includes(heldOut)) hits.personal += 1;
    if (feed.slice(0, CUTOFF).includes(heldOut)) hits.feed += 1;
  }
  const rate = (n: number) => (judged === 0 ? 0 : n / judged);
  return {
    world,
    judged,
    hitRate: { popularity: rate(hits.popularity), personal: rate(hits.personal), feed: rate(hits.feed) },
  };
}
