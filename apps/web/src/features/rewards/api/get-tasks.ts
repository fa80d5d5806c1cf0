import { getTasks, type TasksOverview } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coinAnswersSeen, getSession, storeCoinBalance } from '../../../lib/session';
import { rewardKeys } from './reward-keys';

/**
 * GET /task: the check-in strip, the tasks with progress and claim state, and the balance (which
 * the stored user info follows, so Me and the wallet header agree). A visitor gets the view of a
 * brand-new account (`signed_in: false`).
 */
async function fetchTasks(): Promise<TasksOverview> {
  const uid = getSession().userInfo?.uid;
  const readSince = coinAnswersSeen();
  const { data } = await api.call(getTasks);
  if (data.signed_in && uid !== undefined) storeCoinBalance({ uid, coin: data.balance, readSince });
  return data;
}

// Progress moves elsewhere (videos watched, friends joining): every visit shows it as it is now.
export const tasksQueryOptions = () => queryOptions({ queryKey: rewardKeys.tasks, queryFn: fetchTasks, staleTime: 0 });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
