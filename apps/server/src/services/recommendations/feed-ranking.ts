import type { FeedReason } from '@cliffhanger/contract';
import type { Neighbour } from './co-watch-similarity.js';

/**
 * The For You ranking (docs/recommendations.md#ranking), pure so that the service and the offline
 * evaluation rank alike.
 */

/** A drama the viewer has shown taste for, and how strongly. */
export interface Seed {
  dramaId: number;
  weight: number;
}

/** How much each kind of signal counts: finishing or collecting a drama says more than starting one. */
export const SEED_WEIGHTS = { finished: 1, collected: 1, started: 0.5 } as const;

/**
 * Dramas scored by Σ seed weight × similarity to that seed, best first (ties by the lower id).
 * `exclude` (what the viewer finished) never appears; the seeds themselves may, as a seed the viewer
 * only started is still worth its opening.
 */
export function rankBySimilarity(
  seeds: readonly Seed[],
  neighboursOf: (dramaId: number) => readonly Neighbour[],
  exclude: ReadonlySet<number>,
): number[] {
  const scores = new Map<number, number>();
  for (const seed of seeds) {
    for (const { neighbourId, score } of neighboursOf(seed.dramaId)) {
      if (exclude.has(neighbourId)) continue;
      scores.set(neighbourId, (scores.get(neighbourId) ?? 0) + seed.weight * score);
    }
  }
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([dramaId]) => dramaId);
}

/** Personal picks before each trending one: the feed leads with taste but always shows what is new. */
const PERSONAL_PER_TRENDING = 2;

export interface RankedDrama {
  dramaId: number;
  reason: FeedReason;
}

/**
 * The feed's order: `PERSONAL_PER_TRENDING` personal picks, then one trending drama, and again;
 * once either list runs out the other goes on alone, so a viewer with no history gets trending
 * and the feed is never empty while anything is. Each drama appears once; `exclude` never.
 */
export function mixFeed(
  personal: readonly number[],
  trending: readonly number[],
  exclude: ReadonlySet<number>,
): RankedDrama[] {
  const out: RankedDrama[] = [];
  const used = new Set<number>();
  let p = 0;
  let t = 0;
  const take = (list: readonly number[], from: number, reason: FeedReason): number => {
    let i = from;
    while (i < list.length) {
      const id = list[i] as number;
      i += 1;
      if (used.has(id) || exclude.has(id)) continue;
      used.add(id);
      out.push({ dramaId: id, reason });
      return i;
    }
    return i;
  };
  while (p < personal.length || t < trending.length) {
    for (let n = 0; n < PERSONAL_PER_TRENDING && p < personal.length; n += 1) p = take(personal, p, 'similar');
    if (t < trending.length) t = take(trending, t, 'trending');
  }
  return out;
}
