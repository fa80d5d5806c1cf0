import { describe, expect, it } from 'vitest';
import {
  rankCharts,
  rankMostCollected,
  rankMostWatched,
  rankRising,
  RISING_MIN_PLAYS,
  type DramaPlayCounts,
} from './chart-ranking.js';

const plays = (dramaId: number, thisWeek: number, lastWeek = 0): DramaPlayCounts => ({ dramaId, thisWeek, lastWeek });
const ids = (ranked: { dramaId: number }[]) => ranked.map((r) => r.dramaId);

describe('rankMostWatched', () => {
  it("orders by this week's plays, ties by id, leaves out the unplayed and keeps `size`", () => {
    const ranked = rankMostWatched([plays(3, 10), plays(1, 50, 999), plays(2, 10), plays(4, 0, 80), plays(5, 1)], 3);
    expect(ranked).toEqual([
      { dramaId: 1, score: 50 },
      { dramaId: 2, score: 10 },
      { dramaId: 3, score: 10 },
    ]);
  });
});

describe('rankRising', () => {
  it('ranks by growth over last week, counting last week as at least the floor', () => {
    const ranked = rankRising([plays(1, 300, 100), plays(2, 4 * RISING_MIN_PLAYS, 0), plays(3, 1500, 500)], 10);
    // 1 and 3 both tripled; 3 was played more this week. 2 went from nothing to 4× the floor.
    expect(ids(ranked)).toEqual([2, 3, 1]);
    expect(ranked[0]?.score).toBe(4);
    expect(ranked[1]?.score).toBe(3);
  });

  it('keeps tiny dramas off: a jump from 1 to 4 plays is below the floor, however steep', () => {
    const ranked = rankRising([plays(1, 4, 1), plays(2, RISING_MIN_PLAYS - 1, 0), plays(3, 200, 150)], 10);
    expect(ids(ranked)).toEqual([3]);
  });

  it('leaves out a drama played no more than last week', () => {
    expect(rankRising([plays(1, 100, 100), plays(2, 100, 120)], 10)).toEqual([]);
  });

  it('a drama just over the floor from nothing does not outrank a real tripling', () => {
    // 25 plays from 0: 25 / 20 = 1.25×; 60 from 20: 3×.
    expect(ids(rankRising([plays(1, 25, 0), plays(2, 60, 20)], 10))).toEqual([2, 1]);
  });
});

describe('rankMostCollected', () => {
  it('orders by favourites, ties by id, leaves out dramas nobody collected', () => {
    const ranked = rankMostCollected(
      [
        { dramaId: 9, favourites: 2 },
        { dramaId: 4, favourites: 7 },
        { dramaId: 1, favourites: 2 },
        { dramaId: 5, favourites: 0 },
      ],
      10,
    );
    expect(ids(ranked)).toEqual([4, 1, 9]);
  });
});

describe('rankCharts', () => {
  it('gives every chart from one read of the counts', () => {
    const charts = rankCharts([plays(1, 30, 0), plays(2, 90, 80)], [{ dramaId: 2, favourites: 1 }], 10);
    expect(ids(charts.most_watched)).toEqual([2, 1]);
    expect(ids(charts.rising)).toEqual([1, 2]);
    expect(ids(charts.most_collected)).toEqual([2]);
  });
});
