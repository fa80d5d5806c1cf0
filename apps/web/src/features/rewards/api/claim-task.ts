import { claimTask, type TaskKey } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';
import { rewardKeys } from './reward-keys';

/**
 * POST /task/{key}/claim: pays what the task has made claimable; a repeat resolves with 10019 and
 * 0 coins. Then keeps the balance everywhere, the task list and the wallet in step.
 */
export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: TaskKey) => {
      const uid = getSession().userInfo?.uid;
      const { code, data } = await api.call(claimTask, { params: { key }, body: {} });
      if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
      return { code, data };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rewardKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
