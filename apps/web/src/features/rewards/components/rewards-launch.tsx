import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { useSession } from '../../../lib/session';
import { sendCheckinOnSignIn } from '../api/post-task-checkin';
import { rewardKeys } from '../api/reward-keys';
import { useRewardsBadge } from '../hooks/use-rewards-badge';

/**
 * Mounted once by the app: the silent check-in (docs/product.md#check-in-at-launch) at launch and whenever
 * the viewer becomes signed in (the unlock dialog, the login page, another tab), after which the Rewards page
 * and the wallet refetch; and the Rewards tab badge.
 */
export function RewardsLaunch() {
  const queryClient = useQueryClient();
  const { signedIn, userInfo } = useSession();
  const uid = signedIn ? userInfo?.uid : undefined;
  useEffect(() => {
    sendCheckinOnSignIn(() => {
      void queryClient.invalidateQueries({ queryKey: rewardKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    });
  }, [queryClient, uid]);
  useRewardsBadge();
  return null;
}
