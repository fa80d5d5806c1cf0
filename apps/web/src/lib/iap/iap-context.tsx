import { IAP_STATUS } from '@cliffhanger/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_QUERY_KEY, WALLET_QUERY_KEY } from '../library-query-keys';
import { showToast } from '../toast';
import { IapFlow, INIT_FAILED_TOAST_MS, localOrderMemory, type IapPhase } from './iap-flow';
import { nativePurchases } from './iap-plugin';
import { apiIapServer, type AppIapServer } from './iap-server';

export interface InAppPurchase {
  /** True inside the shell with the StoreKit plugin: the store buys through Apple, not Stripe. */
  available: boolean;
  phase: IapPhase;
  buy(product: string): Promise<void>;
}

const IapContext = createContext<InAppPurchase>({ available: false, phase: 'idle', buy: () => Promise.resolve() });

/**
 * Runs the StoreKit flow while the store is open (one flow for both tabs): initialise with the
 * loader, load products, confirm and finish what StoreKit still holds, and tell the viewer each
 * state. Outside the shell it provides `available: false` and does nothing.
 */
export function IapProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<IapPhase>('idle');
  const running = useRef<{ flow: IapFlow; server: AppIapServer } | undefined>(undefined);
  const plugin = useMemo(() => nativePurchases(), []);

  useEffect(() => {
    if (!plugin) return;
    const server = apiIapServer();
    const flow = new IapFlow(plugin, server, localOrderMemory(), {
      phase: (next) => {
        setPhase(next);
        if (next === 'failed') showToast(t('errors.paymentInitFailed'), { durationMs: INIT_FAILED_TOAST_MS });
      },
      status: (status) => {
        if (status === IAP_STATUS.purchased || status === IAP_STATUS.restored) {
          void queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
        }
        if (status === IAP_STATUS.failed) showToast(t('errors.purchaseFailed'));
        if (status === IAP_STATUS.deferred) showToast(t('vip.purchaseDeferred'));
      },
    });
    running.current = { flow, server };
    void flow.initialise();
    return () => {
      running.current = undefined;
      void flow.dispose();
    };
  }, [plugin, queryClient, t]);

  const value = useMemo<InAppPurchase>(
    () => ({
      available: plugin !== undefined,
      phase,
      async buy(product) {
        const current = running.current;
        const appleProductId = current?.server.appleIdOf(product);
        if (!current || current.flow.phase !== 'ready' || !appleProductId) {
          showToast(t('errors.paymentInitFailed'), { durationMs: INIT_FAILED_TOAST_MS });
          return;
        }
        await current.flow.buy(product, appleProductId);
      },
    }),
    [plugin, phase, t],
  );
  return <IapContext.Provider value={value}>{children}</IapContext.Provider>;
}

export function useInAppPurchase(): InAppPurchase {
  return useContext(IapContext);
}
