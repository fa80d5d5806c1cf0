import {
  Code,
  isApiError,
  parseInsufficientCoins,
  postUnlock,
  type InsufficientCoins,
  type UnlockResult,
} from '@cliffhanger/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { isTransportFailure } from '../../../lib/error-message';
import { WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, storeCoinBalance } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { videoKeys } from './video-keys';

export type UnlockRequest = { episode_id: number } | { drama_id: number; all: true };

/** POST /unlock: one episode, or every remaining locked episode of a drama. Code.ALREADY_OWNED resolves too. */
export async function unlockEpisode(request: UnlockRequest): Promise<UnlockResult> {
  const { data } = await api.call(postUnlock, { body: request });
  return data;
}

/** The Code.INSUFFICIENT_COINS data (how many coins are missing), or null for any other failure. */
function insufficientCoinsFrom(error: unknown): InsufficientCoins | null {
  if (!isApiError(error) || error.code !== Code.INSUFFICIENT_COINS) return null;
  return parseInsufficientCoins(error.data);
}

export type UnlockOutcome = { ok: true; result: UnlockResult } | { ok: false; insufficient: InsufficientCoins | null };

/**
 * Unlocks and, on success (or Code.ALREADY_OWNED), stores the new balance in the user info (Me,
 * Rewards and the dialog agree), marks the wallet stale, and refetches the drama (lock marks,
 * prices) and the playback (now entitled) so the episode plays at once.
 *
 * Not enough coins (Code.INSUFFICIENT_COINS) is answered with its shortfall for the dialog to show; any other
 * failure toasts the product's 'Unlock Failed'.
 */
export function useUnlock(dramaId: number): (request: UnlockRequest) => Promise<UnlockOutcome> {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(
    async (request: UnlockRequest) => {
      const uid = getSession().userInfo?.uid;
      let result: UnlockResult;
      try {
        result = await unlockEpisode(request);
      } catch (error) {
        const insufficient = insufficientCoinsFrom(error);
        if (!insufficient && !isTransportFailure(error)) showToast(t('errors.unlockFailed'));
        // The answer also tells the balance: keep the shown one honest.
        if (insufficient && uid !== undefined) storeCoinBalance({ uid, coin: insufficient.balance });
        return { ok: false, insufficient };
      }
      if (uid !== undefined) storeCoinBalance({ uid, coin: result.balance });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: videoKeys.dramaAll(dramaId) }),
        queryClient.resetQueries({ queryKey: videoKeys.playbackAll() }),
      ]);
      return { ok: true, result };
    },
    [queryClient, t, dramaId],
  );
}
