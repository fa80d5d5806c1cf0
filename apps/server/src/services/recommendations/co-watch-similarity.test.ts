import { describe, expect, it } from 'vitest';
import { byViewerCount, coWatchNeighbours, type WatchPair } from './co-watch-similarity.js';

const watched = (viewer: string, ...dramaIds: number[]): WatchPair[] =>
  dramaIds.map((dramaId) => ({ viewer, dramaId }));

describe('coWatchNeighbours', () => {
  it('scores the cosine of the two dramas’ viewer sets', () => {
    // 1: a b c; 2: a b; 3: a. Together: 1–2 by a and b (2), 1–3 by a (1), 2–3 by a (1).
    const pairs = [...watched('a', 1, 2, 3), ...watched('b', 1, 2), ...watched('c', 1)];
    const neighbours = coWatchNeighbours(pairs, { topK: 5 });
    expect(neighbours.get(1)).toEqual([
      { neighbourId: 2, score: 2 / Math.sqrt(3 * 2) },
      { neighbourId: 3, score: 1 / Math.sqrt(3 * 1) },
    ]);
    expect(neighbours.get(3)).toEqual([
      { neighbourId: 2, score: 1 / Math.sqrt(1 * 2) },
      { neighbourId: 1, score: 1 / Math.sqrt(1 * 3) },
    ]);
  });

  it('counts a viewer once however often they played a drama', () => {
    const once = coWatchNeighbours([...watched('a', 1, 2), ...watched('b', 1)], { topK: 5 });
    const repeated = coWatchNeighbours([...watched('a', 1, 2, 1, 2, 2), ...watched('b', 1, 1)], { topK: 5 });
    expect(repeated).toEqual(once);
  });

  it('keeps the top K, best first, ties by the lower id', () => {
    const pairs = [...watched('a', 1, 4, 3, 2), ...watched('b', 1, 2)];
    expect(
      coWatchNeighbours(pairs, { topK: 2 })
        .get(1)
        ?.map((n) => n.neighbourId),
    ).toEqual([2, 3]);
  });

  it('leaves out pairs watched together by fewer than minCoViewers, and dramas with no neighbour', () => {
    const pairs = [...watched('a', 1, 2, 3), ...watched('b', 1, 2), ...watched('c', 4)];
    const neighbours = coWatchNeighbours(pairs, { topK: 5, minCoViewers: 2 });
    expect(neighbours.get(1)?.map((n) => n.neighbourId)).toEqual([2]);
    expect(neighbours.has(3)).toBe(false);
    expect(neighbours.has(4)).toBe(false);
  });

  it('pairs only the first dramas of a viewer past the cap', () => {
    const neighbours = coWatchNeighbours(watched('a', 1, 2, 3), { topK: 5, maxDramasPerViewer: 2 });
    expect(neighbours.get(1)?.map((n) => n.neighbourId)).toEqual([2]);
    expect(neighbours.has(3)).toBe(false);
  });
});

describe('byViewerCount', () => {
  it('orders dramas by distinct viewers, ties by id', () => {
    const pairs = [...watched('a', 3, 1, 1), ...watched('b', 3, 2), ...watched('c', 2)];
    expect(byViewerCount(pairs)).toEqual([
      { dramaId: 2, viewers: 2 },
      { dramaId: 3, viewers: 2 },
      { dramaId: 1, viewers: 1 },
    ]);
  });
});
