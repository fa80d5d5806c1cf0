import type { CheckinDay } from '@cliffhanger/contract';
import { addDays } from './reward-calendar.js';

/** Where a user stands in the check-in cycle today. */
export interface CycleState {
  /** The cycle day today counts as (1..length). */
  day: number;
  checkedInToday: boolean;
}

/**
 * Day 1 … day N, then day 1 again; a missed day restarts at day 1
 * (docs/rewards.md#check-in-post-taskcheckin). `latest` is the user's most recent check-in.
 */
export function cycleStateOf(
  latest: { localDate: string; cycleDay: number } | undefined,
  today: string,
  length: number,
): CycleState {
  if (!latest) return { day: 1, checkedInToday: false };
  if (latest.localDate === today) return { day: latest.cycleDay, checkedInToday: true };
  if (latest.localDate === addDays(today, -1)) return { day: (latest.cycleDay % length) + 1, checkedInToday: false };
  return { day: 1, checkedInToday: false };
}

/** The whole cycle for the Rewards strip: done before today (and today once checked in), then ahead. */
export function stripOf(state: CycleState, rewards: readonly number[]): CheckinDay[] {
  return rewards.map((reward, index) => {
    const day = index + 1;
    if (day < state.day || (day === state.day && state.checkedInToday)) return { day, reward, state: 'done' };
    if (day === state.day) return { day, reward, state: 'today' };
    return { day, reward, state: 'ahead' };
  });
}
