import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/icons';
import './balance-header.css';

export function BalanceHeader({ coins }: { coins: number }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-balance full-bleed" data-testid="wallet-balance">
      <div className="wallet-balance__inner">
        <p className="wallet-balance__label">{t('wallet.balance')}</p>
        <p className="wallet-balance__value">
          <CoinIcon size={28} />
          <span data-testid="wallet-balance-value">{coins}</span>
        </p>
      </div>
    </div>
  );
}
