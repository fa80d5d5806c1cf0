import { getNextAd, postAdReward, type AdRewardResult } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, storeCoinBalance } from '../../../lib/session';
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

/** POST /ads/reward with the token of the ad just watched; the balance follows the answer. */
export async function claimAdReward(token: string): Promise<{ code: number; data: AdRewardResult }> {
  const uid = getSession().userInfo?.uid;
  const { code, data } = await api.call(postAdReward, { body: { token } });
  if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
  return { code, data };
}
