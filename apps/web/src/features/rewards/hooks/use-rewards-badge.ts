import type { TasksOverview } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setTabBadge } from '../../../lib/tab-bar';
import { useSession } from '../../../lib/session';
import { tasksQueryOptions } from '../api/get-tasks';

/** The Rewards badge text: how many tasks can be claimed now; null when nothing can. */
export function rewardsBadgeText(overview: TasksOverview | undefined): string | null {
  if (!overview?.signed_in || !overview.anything_claimable) return null;
  const count = overview.tasks.filter((task) => task.state === 'claimable').length;
  return count > 0 ? String(count) : '';
}

/**
 * Keeps the Rewards tab's badge on while something is claimable (GET /task's
 * `anything_claimable`), on every page; whatever pays or makes progress invalidates the query.
 */
export function useRewardsBadge(): void {
  const { signedIn } = useSession();
  const { data } = useQuery({ ...tasksQueryOptions(), enabled: signedIn });
  const text = signedIn ? rewardsBadgeText(data) : null;
  useEffect(() => setTabBadge('rewards', text), [text]);
}
