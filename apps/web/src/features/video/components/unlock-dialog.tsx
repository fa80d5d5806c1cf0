import type { InsufficientCoins, UnlockPrices } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CoinIcon } from '../../../components/ui/icons';
import { coinStoreHref, PATHS } from '../../../lib/paths';
import { useCoinPacks } from '../../../lib/payments/get-coin-types';
import { packCovering } from '../../../lib/payments/pick-coin-pack';
import { useCurrentPath } from '../../../lib/require-login';
import { loginHref } from '../../../lib/return-to';
import { readAutoUnlock, writeAutoUnlock } from '../player/preferences';
import './unlock-dialog.css';

export interface UnlockOffer {
  episodeNumber: number;
  prices: UnlockPrices;
  coin: number;
  signedIn: boolean;
}

export type UnlockKind = 'episode' | 'all';

export interface UnlockDialogProps {
  open: boolean;
  offer: UnlockOffer;
  busy?: boolean;
  /** The 30001 answer of the last attempt: how many coins were missing. */
  insufficient?: InsufficientCoins | null;
  onUnlock: (kind: UnlockKind) => void;
  onClose: () => void;
}

/**
 * How many coins the viewer lacks: what the server said after a refused attempt (30001), else,
 * before any tap, what even this one episode is short of; null when nothing is missing.
 */
export function shortfallOf(offer: UnlockOffer, insufficient: InsufficientCoins | null | undefined): number | null {
  if (insufficient) return insufficient.shortfall;
  return offer.coin < offer.prices.episode ? offer.prices.episode - offer.coin : null;
}

/**
 * The unlock dialog (spec §2, DESIGN §7): this episode, or every remaining locked one at the
 * discounted price; the balance; the auto-unlock switch (off by default). Short of coins, it
 * says by how many and leads to the coin store with the smallest pack that covers the shortfall
 * marked, or to Rewards to earn coins instead.
 * Visitors get a sign-in button that brings them back to this episode.
 */
export function UnlockDialog({ open, offer, busy = false, insufficient = null, onUnlock, onClose }: UnlockDialogProps) {
  const { t } = useTranslation();
  const here = useCurrentPath();
  const [autoUnlock, setAutoUnlock] = useState(readAutoUnlock);
  const { prices } = offer;
  const coin = insufficient?.balance ?? offer.coin;
  const shortfall = shortfallOf(offer, insufficient);
  // Only asked once coins are short: most dialogs never need the store.
  const packs = useCoinPacks({ enabled: open && offer.signedIn && shortfall !== null });
  const suggested = shortfall !== null ? packCovering(packs.data ?? [], shortfall) : null;

  return (
    <Dialog
      open={open}
      title={t('video.unlock.title', { number: offer.episodeNumber })}
      message={t('video.unlock.message')}
      onClose={onClose}
      testId="unlock-dialog"
      className="unlock-dialog"
    >
      <ul className="unlock-dialog__prices">
        <li data-testid="unlock-price-episode">{t('video.unlock.episodePrice', { price: prices.episode })}</li>
        {prices.locked_count > 1 && (
          <li data-testid="unlock-price-all">
            {t('video.unlock.allPrice', { episodes: prices.locked_count, price: prices.all })}
          </li>
        )}
      </ul>
      {offer.signedIn ? (
        <>
          <p className="unlock-dialog__balance" data-testid="unlock-balance">
            <CoinIcon size={16} />
            {t('video.unlock.balance', { coin })}
          </p>
          {shortfall !== null && (
            <p className="unlock-dialog__shortfall" role="status" data-testid="unlock-shortfall">
              {t('video.unlock.shortfall', { shortfall })}
            </p>
          )}
          <div className="unlock-dialog__actions">
            {shortfall !== null && (
              <>
                <Link
                  className={buttonClassName('primary', true)}
                  to={coinStoreHref(suggested?.id)}
                  data-testid="unlock-get-coins"
                >
                  {t('video.unlock.getCoins')}
                </Link>
                <Link className="unlock-dialog__earn" to={PATHS.rewards} data-testid="unlock-earn-coins">
                  {t('video.unlock.earnCoins')}
                </Link>
              </>
            )}
            <Button
              block
              variant={shortfall !== null ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => onUnlock('episode')}
              data-testid="unlock-episode"
              data-autofocus
            >
              {t('video.unlock.episodeButton', { price: prices.episode })}
            </Button>
            {prices.locked_count > 1 && (
              <Button
                variant="secondary"
                block
                disabled={busy}
                onClick={() => onUnlock('all')}
                data-testid="unlock-all"
              >
                {t('video.unlock.allButton', { episodes: prices.locked_count, price: prices.all })}
              </Button>
            )}
          </div>
          <label className="unlock-dialog__auto">
            <input
              type="checkbox"
              role="switch"
              checked={autoUnlock}
              aria-checked={autoUnlock}
              onChange={(event) => {
                setAutoUnlock(event.target.checked);
                writeAutoUnlock(event.target.checked);
              }}
              data-testid="unlock-auto"
            />
            <span>{t('video.unlock.autoUnlock')}</span>
          </label>
        </>
      ) : (
        <div className="unlock-dialog__actions">
          <Link
            className={buttonClassName('primary', true)}
            to={loginHref(here)}
            data-testid="unlock-sign-in"
            data-autofocus
          >
            {t('video.unlock.signIn')}
          </Link>
        </div>
      )}
      <Button variant="ghost" block onClick={onClose} data-testid="unlock-close">
        {t('video.unlock.notNow')}
      </Button>
    </Dialog>
  );
}
