import { claimTask, Code, type TaskKey } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { isTransportFailure } from '../../../lib/error-message';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { rewardKeys } from '../api/reward-keys';

/**
 * POST /task/{key}/claim: pays what the task has made claimable, then keeps the balance
 * everywhere, the task list and the wallet in step. Says how it went: the coins credited,
 * 'Already claimed' for a repeat (Code.ALREADY_OWNED with 0 coins, which counts as success), the product's
 * 'Failed to claim' for any refusal.
 */
export function useClaim(): { claim: (key: TaskKey) => void; pendingKey: TaskKey | null } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
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
  const { mutate } = mutation;
  const claim = useCallback(
    (key: TaskKey) =>
      mutate(key, {
        onSuccess: ({ code, data }) =>
          showToast(
            code === Code.ALREADY_OWNED || data.coins === 0
              ? t('rewards.alreadyClaimed')
              : t('rewards.claimed', { coins: data.coins }),
          ),
        onError: (error) => {
          if (!isTransportFailure(error)) showToast(t('errors.claimFailed'));
        },
      }),
    [mutate, t],
  );
  return { claim, pendingKey: mutation.isPending ? mutation.variables : null };
}
