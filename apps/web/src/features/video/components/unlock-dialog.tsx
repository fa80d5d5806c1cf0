import type { InsufficientCoins, UnlockPrices } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CoinIcon } from '../../../components/ui/icons';
import { formatMoney } from '../../../lib/format-money';
import { useInAppPurchase } from '../../../lib/iap/iap-context';
import { coinStoreHref, PATHS, vipStoreHref } from '../../../lib/paths';
import { useCoinPacks } from '../../../lib/payments/get-coin-types';
import { rememberPendingUnlock } from '../../../lib/payments/pending-unlock';
import { packCoins, packCovering } from '../../../lib/payments/pick-coin-pack';
import { useBuy } from '../../../lib/payments/use-buy';
import { useCurrentPath } from '../../../lib/require-login';
import { loginHref } from '../../../lib/return-to';
import { readAutoUnlock, writeAutoUnlock } from '../player/preferences';
import './unlock-dialog.css';

export interface UnlockOffer {
  dramaId: number;
  episodeId: number;
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
  /** The Code.INSUFFICIENT_COINS answer of the last attempt: how many coins were missing. */
  insufficient?: InsufficientCoins | null;
  onUnlock: (kind: UnlockKind) => void;
  onClose: () => void;
}

/**
 * How many coins the viewer lacks: what the server said after a refused attempt (Code.INSUFFICIENT_COINS),
 * else, before any tap, what even this one episode is short of; null when nothing is missing.
 */
function shortfallOf(offer: UnlockOffer, insufficient: InsufficientCoins | null | undefined): number | null {
  if (insufficient) return insufficient.shortfall;
  return offer.coin < offer.prices.episode ? offer.prices.episode - offer.coin : null;
}

/**
 * The unlock dialog: this episode, or every remaining locked one at the discounted price; the
 * balance; the auto-unlock switch (off by default). Short of coins, it says by how many and offers,
 * one tap each, the smallest pack that covers the shortfall (straight to checkout) and VIP; the
 * episode is remembered so that, coins bought, the viewer comes back to it and it unlocks. A tap
 * on "Unlock" that the server refuses for coins says so in the dialog rather than nothing at all.
 * Visitors get a sign-in button that brings them back to this episode.
 */
export function UnlockDialog({ open, offer, busy = false, insufficient = null, onUnlock, onClose }: UnlockDialogProps) {
  const { t, i18n } = useTranslation();
  const here = useCurrentPath();
  const iap = useInAppPurchase();
  const { buy, busy: buying, busyProduct } = useBuy();
  const [autoUnlock, setAutoUnlock] = useState(readAutoUnlock);
  const { prices } = offer;
  const coin = insufficient?.balance ?? offer.coin;
  const shortfall = shortfallOf(offer, insufficient);
  // Only asked once coins are short: most dialogs never need the store.
  const packs = useCoinPacks({ enabled: open && offer.signedIn && shortfall !== null });
  const suggested = shortfall !== null ? packCovering(packs.data ?? [], shortfall) : null;
  // Short of even one episode, "all" cannot succeed either: one button fewer on a small screen.
  const showAll = prices.locked_count > 1 && (shortfall === null || coin >= prices.all);
  // Coming back from checkout (or the VIP page) leads to this episode, which then unlocks.
  const remember = () =>
    rememberPendingUnlock({ dramaId: offer.dramaId, episodeId: offer.episodeId, episodeNumber: offer.episodeNumber });

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
            <p
              // A refused tap is a new message: re-mounted, it is announced and seen again.
              key={insufficient ? `refused-${insufficient.shortfall}-${insufficient.balance}` : 'short'}
              className={insufficient ? 'unlock-dialog__shortfall is-refused' : 'unlock-dialog__shortfall'}
              role={insufficient ? 'alert' : 'status'}
              data-testid="unlock-shortfall"
            >
              {t(insufficient ? 'video.unlock.refused' : 'video.unlock.shortfall', { shortfall })}
            </p>
          )}
          <div className="unlock-dialog__actions">
            {shortfall !== null && (
              <>
                {suggested ? (
                  <Button
                    block
                    disabled={buying}
                    onClick={() => {
                      remember();
                      buy(suggested.id, coinStoreHref(suggested.id));
                    }}
                    data-testid="unlock-buy-pack"
                    data-pack={suggested.id}
                    data-autofocus
                  >
                    {busyProduct === suggested.id
                      ? t('store.openingCheckout')
                      : t('video.unlock.buyPack', {
                          coins: packCoins(suggested),
                          price:
                            iap.priceOf(suggested.id) ??
                            formatMoney(suggested.price_cents, suggested.currency, i18n.language),
                        })}
                  </Button>
                ) : (
                  <Link
                    className={buttonClassName('primary', true)}
                    to={coinStoreHref()}
                    onClick={remember}
                    data-testid="unlock-get-coins"
                  >
                    {t('video.unlock.getCoins')}
                  </Link>
                )}
                <Link
                  className={buttonClassName('secondary', true)}
                  to={vipStoreHref()}
                  onClick={remember}
                  data-testid="unlock-get-vip"
                >
                  {t('video.unlock.getVip')}
                </Link>
              </>
            )}
            <Button
              block
              variant={shortfall !== null ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => onUnlock('episode')}
              data-testid="unlock-episode"
              data-autofocus={shortfall === null || undefined}
            >
              {t('video.unlock.episodeButton', { price: prices.episode })}
            </Button>
            {showAll && (
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
          {shortfall !== null && (
            <Link className="unlock-dialog__earn" to={PATHS.rewards} data-testid="unlock-earn-coins">
              {t('video.unlock.earnCoins')}
            </Link>
          )}
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
