import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { CoinIcon, GiftIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/section';
import { formatMoney } from '../../../lib/format-money';
import { useInAppPurchase } from '../../../lib/iap/iap-context';
import { coinStoreHref, PATHS } from '../../../lib/paths';
import { useCoinPacks } from '../../../lib/payments/get-coin-types';
import { useSession } from '../../../lib/session';
import { useBuy } from '../../../lib/payments/use-buy';
import { useCardPayments } from '../hooks/use-card-payments';
import './coin-store.css';

/**
 * The Coins tab: each pack with its coins, its bonus and its price on the tile itself; a tap goes
 * to checkout. `?pack=` marks the pack the unlock dialog suggested. Purchased coins never expire
 * (only reward coins do), and the page says so.
 */
export function CoinStore() {
  const { t, i18n } = useTranslation();
  const { signedIn, userInfo } = useSession();
  const [params] = useSearchParams();
  const suggested = params.get('pack');
  const packs = useCoinPacks();
  const cardPayments = useCardPayments();
  const iap = useInAppPurchase();
  const { buy, busy, busyProduct } = useBuy();
  const suggestedRef = useRef<HTMLButtonElement>(null);
  const loaded = packs.data !== undefined;

  // Arriving from the unlock dialog, the suggested pack may sit below the fold on a phone.
  useEffect(() => {
    if (loaded) suggestedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [loaded]);

  let body;
  if (packs.isPending) body = <Loading />;
  else if (packs.isError) {
    body = <LoadError error={packs.error} onRetry={() => void packs.refetch()} testId="coin-packs-error" />;
  } else if (packs.data.length === 0) body = <EmptyState text={t('common.noRecords')} />;
  else {
    body = (
      <ul className="coin-packs" data-testid="coin-pack-list">
        {packs.data.map((pack) => {
          // Inside the iOS app the App Store's price (the viewer's storefront and currency) is what is charged.
          const price = iap.priceOf(pack.id) ?? formatMoney(pack.price_cents, pack.currency, i18n.language);
          const isSuggested = pack.id === suggested;
          return (
            <li key={pack.id}>
              <button
                type="button"
                ref={isSuggested ? suggestedRef : undefined}
                className={isSuggested ? 'coin-pack is-suggested' : 'coin-pack'}
                disabled={!cardPayments || busy}
                onClick={() => buy(pack.id, coinStoreHref(pack.id))}
                aria-label={t(pack.bonus_coins > 0 ? 'store.packLabelBonus' : 'store.packLabel', {
                  coins: pack.coins,
                  bonus: pack.bonus_coins,
                  price,
                })}
                data-testid={`coin-pack-${pack.id}`}
                data-suggested={isSuggested}
              >
                {isSuggested && <span className="coin-pack__badge">{t('store.suggested')}</span>}
                <span className="coin-pack__coins">
                  <CoinIcon size={22} />
                  {pack.coins}
                </span>
                {pack.bonus_coins > 0 ? (
                  <span className="coin-pack__bonus" data-role="pack-bonus">
                    {t('store.bonus', { bonus: pack.bonus_coins })}
                  </span>
                ) : (
                  <span className="coin-pack__bonus coin-pack__bonus--none" aria-hidden="true" />
                )}
                <span className="coin-pack__price" data-role="pack-price">
                  {busyProduct === pack.id ? t('store.openingCheckout') : price}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      {signedIn && (
        <p className="coin-store__balance" data-testid="store-balance">
          <CoinIcon size={18} />
          {t('store.balance', { coin: userInfo?.coin ?? 0 })}
        </p>
      )}
      <Section title={t('store.packsTitle')} testId="coin-packs">
        {!cardPayments && (
          <p className="store-unavailable" role="note" data-testid="store-not-configured">
            {t('store.notConfigured')}
          </p>
        )}
        {body}
        <p className="coin-store__never-expire" data-testid="store-never-expire">
          {t('store.neverExpire')}
        </p>
      </Section>
      <Link className="coin-store__earn" to={PATHS.rewards} data-testid="store-earn-free">
        <GiftIcon size={20} />
        {t('store.earnFree')}
      </Link>
    </>
  );
}
