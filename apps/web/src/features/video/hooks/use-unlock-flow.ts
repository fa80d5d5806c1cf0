import type { EpisodeLocked, InsufficientCoins } from '@cliffhanger/contract/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { forgetPendingUnlock, peekPendingUnlock } from '../../../lib/payments/pending-unlock';
import { getSession, isSignedIn, storeCoinBalance } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useUnlock, type UnlockOutcome, type UnlockRequest } from '../api/unlock';
import type { UnlockKind } from '../components/unlock-dialog';
import { readAutoUnlock } from '../player/preferences';

export interface UnlockFlowInput {
  dramaId: number | null;
  /** The episode on screen. */
  episodeId: number | null;
  /** The Code.EPISODE_LOCKED answer for it (prices, balance), or null while it plays or loads. */
  locked: EpisodeLocked | null;
  /** False while that answer is being refetched (it may predate a wallet change). */
  settled: boolean;
}

/**
 * The unlock dialog's state and the auto-unlock switch (docs/architecture.md#catalogue-and-unlocking).
 *
 * The dialog opens by itself for a locked episode; closing it keeps it closed for that episode.
 * A Code.INSUFFICIENT_COINS answer stays with the episode so the dialog can say how many coins are missing.
 *
 * Auto-unlock: when the viewer moves to another episode (`armAutoUnlock`, called by every move)
 * with the switch on, and that episode answers Code.EPISODE_LOCKED with a balance that covers its price, it is
 * unlocked (single episode) without the dialog and plays. Short of coins, or when the purchase
 * is refused, the dialog opens instead. Never for a visitor, and never for the episode a link
 * opened: only a move the viewer made spends coins by itself.
 *
 * Back from buying coins for this episode (the dialog's pack button remembered it), the same
 * happens once the new balance covers it, switch or not: the viewer asked for this unlock before
 * leaving for checkout.
 */
export function useUnlockFlow({ dramaId, episodeId, locked, settled }: UnlockFlowInput) {
  const { t } = useTranslation();
  const unlock = useUnlock(dramaId ?? 0);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [autoFor, setAutoFor] = useState<number | null>(null);
  const [refused, setRefused] = useState<{ episodeId: number; data: InsufficientCoins } | null>(null);
  const [unlocking, setUnlocking] = useState(false);
  const attempted = useRef<number | null>(null);

  // A settled Code.EPISODE_LOCKED answer carries the viewer's current balance: the stored user info follows.
  const lockedCoin = locked?.signed_in ? locked.coin : null;
  useEffect(() => {
    const uid = getSession().userInfo?.uid;
    if (lockedCoin !== null && settled && uid !== undefined) storeCoinBalance({ uid, coin: lockedCoin });
  }, [lockedCoin, settled]);

  const run = useCallback(
    async (request: UnlockRequest, forEpisode: number): Promise<UnlockOutcome> => {
      setUnlocking(true);
      try {
        const outcome = await unlock(request);
        setRefused(!outcome.ok && outcome.insufficient ? { episodeId: forEpisode, data: outcome.insufficient } : null);
        return outcome;
      } finally {
        setUnlocking(false);
      }
    },
    [unlock],
  );

  const onUnlock = useCallback(
    async (kind: UnlockKind) => {
      if (!locked) return;
      const request: UnlockRequest =
        kind === 'all' ? { drama_id: locked.drama_id, all: true } : { episode_id: locked.episode_id };
      await run(request, locked.episode_id);
    },
    [locked, run],
  );

  const armAutoUnlock = useCallback((id: number) => {
    attempted.current = null;
    setAutoFor(isSignedIn() && readAutoUnlock() ? id : null);
  }, []);

  const pending = locked ? peekPendingUnlock() : null;
  const resumed = pending !== null && locked !== null && pending.episodeId === locked.episode_id;
  // The episode the viewer moved to (or bought coins for) is locked and the balance covers it:
  // buy it without asking. Only on a settled answer, whose balance is the current one.
  const autoTarget =
    locked &&
    (autoFor === locked.episode_id || (resumed && settled)) &&
    locked.episode_id === episodeId &&
    locked.signed_in &&
    locked.coin >= locked.prices.episode
      ? locked.episode_id
      : null;
  const autoNumber = locked?.episode_number ?? 0;
  useEffect(() => {
    if (autoTarget === null || attempted.current === autoTarget) return;
    attempted.current = autoTarget;
    forgetPendingUnlock();
    void run({ episode_id: autoTarget }, autoTarget).then((outcome) => {
      if (outcome.ok && outcome.result.cost > 0) {
        showToast(t('video.unlock.autoUnlocked', { number: autoNumber, cost: outcome.result.cost }));
      }
      // Done either way: on a refusal the dialog takes over, with the shortfall when that was why.
      setAutoFor((current) => (current === autoTarget ? null : current));
    });
  }, [autoTarget, autoNumber, run, t]);

  return {
    /** False while the dialog was closed for this episode or an auto-unlock is buying it. */
    dialogAllowed: dismissedFor !== episodeId && autoTarget === null,
    openUnlock: useCallback(() => setDismissedFor(null), []),
    closeUnlock: useCallback(() => setDismissedFor(episodeId), [episodeId]),
    unlocking,
    insufficient: refused && locked && refused.episodeId === locked.episode_id ? refused.data : null,
    onUnlock,
    armAutoUnlock,
  };
}
