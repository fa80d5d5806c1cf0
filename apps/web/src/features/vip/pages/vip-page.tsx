import { useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { useInAppPurchase } from '../../../lib/iap/iap-context';
import { CoinStore } from '../components/coin-store';
import { VipStore } from '../components/vip-store';

type StoreTab = 'vip' | 'coins';

/**
 * VIP (default bar) is also the store: the VIP plans and the coin packs as two tabs,
 * the tab in the query (`?tab=coins`) so every way in (Me, the wallet, Rewards, the unlock dialog,
 * a return from sign-in) lands on the right one without a route of its own. Inside the shell
 * the purchase flow is the app root's (lib/iap), already set up at launch.
 */
export function VipPage() {
  const { retrySetup } = useInAppPurchase();
  useEffect(retrySetup, [retrySetup]);
  return <Store />;
}

/** Inside the shell the payment channel is checked first, under this loader (docs/product.md#ios-purchase-start). */
function CheckingPayment() {
  const { t } = useTranslation();
  return useInAppPurchase().phase === 'checking' ? (
    <p className="store__checking" role="status">
      {t('vip.checkingPayment')}
    </p>
  ) : null;
}

function Store() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: StoreTab = params.get('tab') === 'coins' ? 'coins' : 'vip';
  const options = [
    { key: 'vip', label: t('store.tabVip') },
    { key: 'coins', label: t('store.tabCoins') },
  ] as const;
  // A suggested pack or a chosen plan belongs to the tab it came with.
  const selectTab = (next: StoreTab) => setParams(next === 'coins' ? { tab: 'coins' } : {}, { replace: true });

  return (
    <div className="page-body">
      <Tabs
        options={options}
        value={tab}
        onChange={selectTab}
        label={t('store.label')}
        idPrefix="store-tab"
        panelId="store-panel"
      />
      <CheckingPayment />
      <div id="store-panel" role="tabpanel" aria-labelledby={`store-tab-${tab}`}>
        {tab === 'coins' ? <CoinStore /> : <VipStore />}
      </div>
    </div>
  );
}
