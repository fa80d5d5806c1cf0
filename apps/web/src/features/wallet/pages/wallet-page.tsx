import type { WalletTab } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { ListView } from '../../../components/ui/list-view';
import { LoadError } from '../../../components/ui/load-error';
import { LoginRequired } from '../../../components/ui/login-required';
import { Tabs } from '../../../components/ui/tabs';
import { pageItems } from '../../../lib/page-items';
import { withParam } from '../../../lib/search-params';
import { useSession } from '../../../lib/session';
import { useWallet, walletTabFrom } from '../api/get-wallet';
import { BalanceHeader } from '../components/balance-header';
import { ExpiringCoins } from '../components/expiring-coins';
import { NetworkIssueNotice } from '../../../components/ui/network-issue-notice';
import { WalletEntryRow } from '../components/wallet-entry-row';

/**
 * Wallet (dark bar): balance, what expires when, the ledger by all / income / expense
 * (`?type=`), newest first, 20 at a time with load-more, and the network-issue notice.
 */
export function WalletPage() {
  const { t } = useTranslation();
  const { userInfo, signedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = walletTabFrom(params.get('type'));
  const wallet = useWallet(tab, { enabled: signedIn });
  const first = wallet.data?.pages[0];

  const options = [
    { key: 'all', label: t('wallet.tabAll') },
    { key: 'income', label: t('wallet.tabIncome') },
    { key: 'expense', label: t('wallet.tabExpense') },
  ] as const;
  const selectTab = (next: WalletTab) =>
    setParams((previous) => withParam(previous, 'type', next === 'all' ? null : next), { replace: true });

  // A visitor has no wallet (docs/product.md#roles); sign in, then come back here.
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
        {first && <ExpiringCoins lots={first.expiring} />}
        <Tabs
          options={options}
          value={tab}
          onChange={selectTab}
          label={t('wallet.transactions')}
          idPrefix="wallet-tab"
          panelId="wallet-panel"
        />
        <div id="wallet-panel" role="tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
          {wallet.isError && !wallet.data ? (
            <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} testId="wallet-error" />
          ) : (
            <ListView
              items={pageItems(wallet.data?.pages)}
              itemKey={(entry) => entry.id}
              renderItem={(entry) => <WalletEntryRow entry={entry} />}
              hasMore={wallet.hasNextPage && !wallet.isFetchNextPageError}
              onLoadMore={() => void wallet.fetchNextPage()}
              loading={wallet.isPending || wallet.isFetchingNextPage}
              label={t('wallet.transactions')}
              testId="wallet-list"
            />
          )}
          {wallet.isFetchNextPageError && (
            <LoadError error={wallet.error} onRetry={() => void wallet.fetchNextPage()} testId="wallet-more-error" />
          )}
        </div>
        <NetworkIssueNotice />
      </div>
    </>
  );
}
