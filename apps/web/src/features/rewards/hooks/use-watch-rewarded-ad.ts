import { Code, postAdReward, type Ad } from '@cliffhanger/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { isTransportFailure } from '../../../lib/error-message';
import { rewardedAdQueryOptions } from '../api/rewarded-ad';
import { rewardKeys } from '../api/reward-keys';

/**
 * The rewarded-ad flow: `start` fetches a fresh ad (a new one-time token) and opens it; `finish` claims its
 * coins with that token once it played to the end (POST /ads/reward; the balance follows the answer).
 * Code.ALREADY_OWNED (the same token again) counts as success; any refusal is the product's 'Failed to
 * receive reward'.
 */
export function useWatchRewardedAd() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState<Ad | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: rewardKeys.rewardedAd });
  }, [queryClient]);

  const start = useCallback(async () => {
    setBusy(true);
    try {
      const next = await queryClient.fetchQuery(rewardedAdQueryOptions());
      if (next.ad?.token) setPlaying(next.ad);
      else showToast(t('ads.noAdNow'));
    } catch (error) {
      if (!isTransportFailure(error)) showToast(t('ads.noAdNow'));
    } finally {
      setBusy(false);
    }
  }, [queryClient, t]);

  const finish = useCallback(async () => {
    const token = playing?.token;
    setPlaying(null);
    if (!token) return;
    try {
      const uid = getSession().userInfo?.uid;
      const { code, data } = await api.call(postAdReward, { body: { token } });
      if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
      showToast(
        code === Code.ALREADY_OWNED ? t('rewards.alreadyClaimed') : t('rewards.claimed', { coins: data.coins }),
      );
    } catch (error) {
      // A lost answer has already shown 'Network Error'.
      if (!isTransportFailure(error)) showToast(t('errors.receiveRewardFailed'));
    } finally {
      refresh();
      void queryClient.invalidateQueries({ queryKey: rewardKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    }
  }, [playing, queryClient, refresh, t]);

  const close = useCallback(() => {
    setPlaying(null);
    refresh();
  }, [refresh]);

  return { playing, busy, start, finish, close };
}
