import type { WalletEntry } from '@cliffhanger/contract';
import { useTranslation } from 'react-i18next';
import { entryTime, signedAmount } from '../wallet-format';
import './wallet-entry-row.css';

/** One ledger entry: its kind, when, the signed amount (income / expense colour) and the balance after. */
export function WalletEntryRow({ entry }: { entry: WalletEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="wallet-entry" data-testid="wallet-entry" data-kind={entry.kind} data-group={entry.group}>
      <div className="wallet-entry__main">
        <p className="wallet-entry__kind" data-role="wallet-kind">
          {t(`wallet.kinds.${entry.kind}`)}
        </p>
        <time className="wallet-entry__time" dateTime={entry.created_at} data-role="wallet-time">
          {entryTime(entry.created_at, i18n.language)}
        </time>
      </div>
      <div className="wallet-entry__side">
        <p className={`wallet-entry__amount wallet-entry__amount--${entry.group}`} data-role="wallet-amount">
          {signedAmount(entry.amount)}
        </p>
        <p className="wallet-entry__after">{t('wallet.balanceAfter', { balance: entry.balance_after })}</p>
      </div>
    </div>
  );
}
