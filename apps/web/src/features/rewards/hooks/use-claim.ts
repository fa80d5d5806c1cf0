import { Code, type TaskKey } from '@cliffhanger/contract/browser';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { isTransportFailure } from '../../../lib/error-message';
import { useClaimTask } from '../api/claim-task';

/**
 * Claims a task and says how it went: the coins credited, 'Already claimed' for a repeat (10019,
 * which counts as success), the spec's 'Failed to claim' for any refusal.
 */
export function useClaim(): { claim: (key: TaskKey) => void; pendingKey: TaskKey | null } {
  const { t } = useTranslation();
  const mutation = useClaimTask();
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
