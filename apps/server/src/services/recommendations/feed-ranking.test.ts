import { describe, expect, it } from 'vitest';
import type { Neighbour } from './co-watch-similarity.js';
import { mixFeed, rankBySimilarity } from './feed-ranking.js';

const table: Record<number, Neighbour[]> = {
  1: [
    { neighbourId: 10, score: 0.9 },
    { neighbourId: 11, score: 0.5 },
  ],
  2: [
    { neighbourId: 11, score: 0.6 },
    { neighbourId: 12, score: 0.2 },
    { neighbourId: 1, score: 0.4 },
  ],
};
const neighboursOf = (id: number) => table[id] ?? [];

describe('rankBySimilarity', () => {
  it('sums weight × similarity over the seeds', () => {
    // 11: 0.5 + 0.6 = 1.1; 10: 0.9; 1: 0.4; 12: 0.2.
    expect(
      rankBySimilarity(
        [
          { dramaId: 1, weight: 1 },
          { dramaId: 2, weight: 1 },
        ],
        neighboursOf,
        new Set(),
      ),
    ).toEqual([11, 10, 1, 12]);
  });

  it('weighs a started drama less than a finished one', () => {
    // 10: 0.9 × 0.5 = 0.45; 11: 0.25 + 0.6 = 0.85.
    const ranked = rankBySimilarity(
      [
        { dramaId: 1, weight: 0.5 },
        { dramaId: 2, weight: 1 },
      ],
      neighboursOf,
      new Set(),
    );
    expect(ranked.slice(0, 2)).toEqual([11, 10]);
  });

  it('leaves out excluded dramas', () => {
    expect(rankBySimilarity([{ dramaId: 2, weight: 1 }], neighboursOf, new Set([1, 11]))).toEqual([12]);
  });

  it('is empty without seeds', () => {
    expect(rankBySimilarity([], neighboursOf, new Set())).toEqual([]);
  });
});

describe('mixFeed', () => {
  it('puts two personal picks before each trending one', () => {
    expect(mixFeed([1, 2, 3, 4], [7, 8, 9], new Set())).toEqual([
      { dramaId: 1, reason: 'similar' },
      { dramaId: 2, reason: 'similar' },
      { dramaId: 7, reason: 'trending' },
      { dramaId: 3, reason: 'similar' },
      { dramaId: 4, reason: 'similar' },
      { dramaId: 8, reason: 'trending' },
      { dramaId: 9, reason: 'trending' },
    ]);
  });

  it('is all trending without personal picks', () => {
    expect(mixFeed([], [5, 6], new Set()).map((r) => r.reason)).toEqual(['trending', 'trending']);
  });

  it('shows each drama once and never an excluded one', () => {
    const mixed = mixFeed([1, 2, 3], [2, 4, 3, 5], new Set([4]));
    expect(mixed.map((r) => r.dramaId)).toEqual([1, 2, 3, 5]);
    // 3 is a personal pick, but the trending turn reached it first.
    expect(mixed.map((r) => r.reason)).toEqual(['similar', 'similar', 'trending', 'trending']);
  });
});
