/**
 * Synthetic watch logs for the offline evaluation (docs/recommendations.md#offline-evaluation):
 * viewers with a latent taste for one or two of the catalogue's genre clusters, dramas whose
 * popularity follows a Zipf law, all drawn from a seeded generator so a run is reproducible.
 */

export interface SyntheticWorld {
  seed: number;
  viewers: number;
  dramas: number;
  /** Latent taste clusters (genres); each drama belongs to one. */
  clusters: number;
  /** Chance that a viewer's next drama comes from their own clusters rather than the whole catalogue. */
  taste: number;
  /** Zipf exponent of the dramas' popularity: larger is a steeper head. */
  popularitySkew: number;
  /** Dramas a viewer watches: between these two. */
  minWatched: number;
  maxWatched: number;
}

export const DEFAULT_WORLD: SyntheticWorld = {
  seed: 20261129,
  viewers: 5_000,
  dramas: 300,
  clusters: 12,
  taste: 0.75,
  popularitySkew: 1,
  minWatched: 3,
  maxWatched: 15,
};

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One index of `weights`, drawn in proportion to them. */
function pick(weights: readonly number[], total: number, random: () => number): number {
  let r = random() * total;
  for (let i = 0; i < weights.length; i += 1) {
    r -= weights[i] as number;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Each viewer's dramas (ids from 1) in the order watched; no drama twice. */
export function syntheticWatchLogs(world: SyntheticWorld): number[][] {
  const random = seededRandom(world.seed);
  // Popularity rank is shuffled so it does not follow the cluster (id mod clusters).
  const ranks = Array.from({ length: world.dramas }, (_, i) => i);
  for (let i = ranks.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j] as number, ranks[i] as number];
  }
  const popularity = ranks.map((rank) => 1 / (rank + 1) ** world.popularitySkew);
  const clusterOf = (index: number) => index % world.clusters;
  const logs: number[][] = [];
  for (let v = 0; v < world.viewers; v += 1) {
    const liked = new Set([Math.floor(random() * world.clusters)]);
    if (random() < 0.5) liked.add(Math.floor(random() * world.clusters));
    const ownWeights = popularity.map((p, i) => (liked.has(clusterOf(i)) ? p : 0));
    const count = world.minWatched + Math.floor(random() * (world.maxWatched - world.minWatched + 1));
    const watched: number[] = [];
    const seen = new Set<number>();
    // Bounded: a viewer whose clusters run out stops early rather than looping.
    for (let tries = 0; watched.length < count && tries < count * 20; tries += 1) {
      const fromTaste = random() < world.taste;
      const weights = fromTaste ? ownWeights : popularity;
      const index = pick(
        weights,
        weights.reduce((sum, w) => sum + w, 0),
        random,
      );
      if (seen.has(index)) continue;
      seen.add(index);
      watched.push(index + 1);
    }
    logs.push(watched);
  }
  return logs;
}
