import type { ExpiringCoins as ExpiringLot } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { HistoryIcon } from '../../../components/ui/icons';
import { expiryDate } from '../wallet-format';
import './expiring-coins.css';

/**
 * What expires when (docs/wallet.md#lots-and-expiry): reward coins with an end date, soonest first. Nothing
 * when none do.
 */
export function ExpiringCoins({ lots }: { lots: readonly ExpiringLot[] }) {
  const { t, i18n } = useTranslation();
  if (lots.length === 0) return null;
  return (
    <section className="wallet-expiring" data-testid="wallet-expiring" aria-labelledby="wallet-expiring-title">
      <h2 id="wallet-expiring-title" className="wallet-expiring__title">
        <HistoryIcon size={16} />
        {t('wallet.expiringTitle')}
      </h2>
      <ul className="wallet-expiring__list">
        {lots.map((lot) => (
          <li key={lot.expires_at} data-testid="wallet-expiring-item">
            {t('wallet.expiring', { amount: lot.amount, date: expiryDate(lot.expires_at, i18n.language) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
