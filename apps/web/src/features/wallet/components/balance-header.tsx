import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/icons';
import { coinStoreHref } from '../../../lib/paths';
import './balance-header.css';

export function BalanceHeader({ coins }: { coins: number }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-balance full-bleed" data-testid="wallet-balance">
      <div className="wallet-balance__inner">
        <div>
          <p className="wallet-balance__label">{t('wallet.balance')}</p>
          <p className="wallet-balance__value">
            <CoinIcon size={28} />
            <span data-testid="wallet-balance-value">{coins}</span>
          </p>
        </div>
        <Link className={buttonClassName('primary', false, true)} to={coinStoreHref()} data-testid="wallet-top-up">
          {t('wallet.topUp')}
        </Link>
      </div>
    </div>
  );
}
