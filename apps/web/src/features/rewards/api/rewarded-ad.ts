import { getNextAd } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rewardKeys } from './reward-keys';

/** GET /ads/next?placement=rewarded: a rewarded ad with its one-time token (or none), and today's cap. */
export const rewardedAdQueryOptions = () =>
  queryOptions({
    queryKey: rewardKeys.rewardedAd,
    queryFn: async () => (await api.call(getNextAd, { query: { kind: 'rewarded' } })).data,
    staleTime: 0,
  });

export function useRewardedAd({ enabled }: { enabled: boolean }) {
  return useQuery({ ...rewardedAdQueryOptions(), enabled });
}
