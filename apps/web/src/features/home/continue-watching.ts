import type { HistoryItem } from '@cliffhanger/contract/browser';

/** At most this many cards on the shelf. */
const CONTINUE_WATCHING_MAX = 10;
/** Past this share of the last episode the drama counts as finished (the end credits are left). */
const FINISHED_SHARE = 0.95;

/** How much of the episode was watched, 0–100, whole percent. */
export function progressPercent(item: Pick<HistoryItem, 'position_s' | 'duration_s'>): number {
  if (!(item.duration_s > 0) || !(item.position_s > 0)) return 0;
  return Math.min(100, Math.round((item.position_s / item.duration_s) * 100));
}

/** A drama is finished once its last episode is watched to (nearly) the end. */
function isFinished(item: HistoryItem): boolean {
  return item.episode_number >= item.episode_count && item.position_s >= item.duration_s * FINISHED_SHARE;
}

/** History rows (newest first) the viewer may continue, in the same order, at most CONTINUE_WATCHING_MAX. */
export function inProgress(items: readonly HistoryItem[]): HistoryItem[] {
  return items.filter((item) => !isFinished(item)).slice(0, CONTINUE_WATCHING_MAX);
}
