import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { sendLaunchCheckin } from '../api/post-task-checkin';
import { rewardKeys } from '../api/reward-keys';
import { useRewardsBadge } from '../hooks/use-rewards-badge';

/**
 * Mounted once by the app: the silent launch check-in (spec §4/§7), after which the Rewards page
 * and the wallet refetch, and the Rewards tab badge.
 */
export function RewardsLaunch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    sendLaunchCheckin(() => {
      void queryClient.invalidateQueries({ queryKey: rewardKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    });
  }, [queryClient]);
  useRewardsBadge();
  return null;
}
