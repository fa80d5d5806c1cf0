import type { ChartKind } from '@cliffhanger/contract';

/**
 * The ranking rules of the home charts (docs/product.md#charts), as pure functions of counts the
 * refresh reads. Every chart breaks ties by the drama's id, so a count gives one order.
 */

/** A drama's plays (one per viewer, episode and day) in the last 7 days and the 7 before. */
export interface DramaPlayCounts {
  dramaId: number;
  thisWeek: number;
  lastWeek: number;
}

export interface DramaFavouriteCount {
  dramaId: number;
  favourites: number;
}

export interface RankedDrama {
  dramaId: number;
  /** What the chart ranks by: plays, growth (this week over the floored last week) or favourites. */
  score: number;
}

/**
 * The floor of "rising": a drama needs this many plays this week to be on it, and last week
 * counts as at least this many. Without it a drama going from 1 play to 4 would be 4× and top a
 * drama going from 500 to 1,500.
 */
export const RISING_MIN_PLAYS = 20;

const byScoreThenId = (a: RankedDrama, b: RankedDrama) => b.score - a.score || a.dramaId - b.dramaId;

/** Most plays in the last 7 days; a drama nobody played is on no chart. */
export function rankMostWatched(counts: readonly DramaPlayCounts[], size: number): RankedDrama[] {
  return counts
    .filter((c) => c.thisWeek > 0)
    .map((c) => ({ dramaId: c.dramaId, score: c.thisWeek }))
    .sort(byScoreThenId)
    .slice(0, size);
}

/**
 * This week's plays against last week's, among dramas with at least RISING_MIN_PLAYS this week and
 * more than last week: growth = this week / max(last week, RISING_MIN_PLAYS). Equal growth goes to
 * the drama played more this week.
 */
export function rankRising(counts: readonly DramaPlayCounts[], size: number): RankedDrama[] {
  return counts
    .filter((c) => c.thisWeek >= RISING_MIN_PLAYS && c.thisWeek > c.lastWeek)
    .map((c) => ({ ...c, score: c.thisWeek / Math.max(c.lastWeek, RISING_MIN_PLAYS) }))
    .sort((a, b) => b.score - a.score || b.thisWeek - a.thisWeek || a.dramaId - b.dramaId)
    .slice(0, size)
    .map(({ dramaId, score }) => ({ dramaId, score }));
}

/** Most favourites; a drama nobody collected is on no chart. */
export function rankMostCollected(counts: readonly DramaFavouriteCount[], size: number): RankedDrama[] {
  return counts
    .filter((c) => c.favourites > 0)
    .map((c) => ({ dramaId: c.dramaId, score: c.favourites }))
    .sort(byScoreThenId)
    .slice(0, size);
}

/** Every chart from one read of the counts. */
export function rankCharts(
  plays: readonly DramaPlayCounts[],
  favourites: readonly DramaFavouriteCount[],
  size: number,
): Record<ChartKind, RankedDrama[]> {
  return {
    most_watched: rankMostWatched(plays, size),
    rising: rankRising(plays, size),
    most_collected: rankMostCollected(favourites, size),
  };
}
