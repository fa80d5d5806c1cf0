/**
 * Item-to-item co-watch similarity (docs/recommendations.md#similarity): two dramas are alike when
 * the same viewers watch both. The score is the cosine of their viewer sets,
 * |A ∩ B| / √(|A|·|B|), so a drama everybody plays is not everybody's neighbour. The refresh job
 * and the offline evaluation both train with this function.
 */

/** One viewer watched one drama (repeats are ignored). */
export interface WatchPair {
  viewer: string;
  dramaId: number;
}

export interface Neighbour {
  neighbourId: number;
  score: number;
}

export interface SimilarityOptions {
  /** Neighbours kept per drama, best first. */
  topK: number;
  /** Pairs watched together by fewer viewers are noise and left out. */
  minCoViewers?: number;
  /**
   * A viewer's dramas beyond this many (the first seen are kept) are not paired: one viewer who
   * played the whole catalogue would otherwise cost n² and say little about any pair.
   */
  maxDramasPerViewer?: number;
}

const DEFAULT_MAX_DRAMAS_PER_VIEWER = 200;

/** Each viewer's distinct dramas, in the order first seen. */
function dramasByViewer(pairs: Iterable<WatchPair>, cap: number): Map<string, number[]> {
  const byViewer = new Map<string, Set<number>>();
  for (const { viewer, dramaId } of pairs) {
    let set = byViewer.get(viewer);
    if (!set) {
      set = new Set();
      byViewer.set(viewer, set);
    }
    if (set.size < cap) set.add(dramaId);
  }
  return new Map([...byViewer].map(([viewer, set]) => [viewer, [...set]]));
}

/**
 * Each drama's `topK` most similar dramas (score in (0, 1], ties by the lower id). Dramas with no
 * neighbour are absent.
 */
export function coWatchNeighbours(pairs: Iterable<WatchPair>, options: SimilarityOptions): Map<number, Neighbour[]> {
  const minCo = options.minCoViewers ?? 1;
  const byViewer = dramasByViewer(pairs, options.maxDramasPerViewer ?? DEFAULT_MAX_DRAMAS_PER_VIEWER);
  const viewersOf = new Map<number, number>();
  const together = new Map<number, Map<number, number>>();
  const bump = (a: number, b: number) => {
    let row = together.get(a);
    if (!row) {
      row = new Map();
      together.set(a, row);
    }
    row.set(b, (row.get(b) ?? 0) + 1);
  };
  for (const dramas of byViewer.values()) {
    for (const d of dramas) viewersOf.set(d, (viewersOf.get(d) ?? 0) + 1);
    for (let i = 0; i < dramas.length; i += 1) {
      for (let j = i + 1; j < dramas.length; j += 1) {
        const a = dramas[i] as number;
        const b = dramas[j] as number;
        bump(a, b);
        bump(b, a);
      }
    }
  }
  const result = new Map<number, Neighbour[]>();
  for (const [dramaId, row] of together) {
    const own = viewersOf.get(dramaId) ?? 0;
    const list: Neighbour[] = [];
    for (const [neighbourId, co] of row) {
      if (co < minCo) continue;
      list.push({ neighbourId, score: co / Math.sqrt(own * (viewersOf.get(neighbourId) ?? 0)) });
    }
    list.sort((x, y) => y.score - x.score || x.neighbourId - y.neighbourId);
    if (list.length > 0) result.set(dramaId, list.slice(0, options.topK));
  }
  return result;
}

/** Dramas by how many distinct viewers watched them, most first (ties by the lower id). */
export function byViewerCount(pairs: Iterable<WatchPair>): { dramaId: number; viewers: number }[] {
  const seen = new Set<string>();
  const counts = new Map<number, number>();
  for (const { viewer, dramaId } of pairs) {
    const key = `${dramaId} ${viewer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counts.set(dramaId, (counts.get(dramaId) ?? 0) + 1);
  }
  return [...counts]
    .map(([dramaId, viewers]) => ({ dramaId, viewers }))
    .sort((a, b) => b.viewers - a.viewers || a.dramaId - b.dramaId);
}
