import { IAP_STATUS } from '@cliffhanger/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../use-translation';
import { MEMBERSHIP_QUERY_KEY, WALLET_QUERY_KEY } from '../library-query-keys';
import { isSignedIn, subscribeSession } from '../session';
import { showToast } from '../toast';
import { refreshUserInfo } from '../user-info/get-user';
import type { IapFlow, IapPhase } from './iap-flow';
import { nativePurchases } from './iap-plugin';
import type { AppIapServer } from './iap-server';

/** The StoreKit flow's code, fetched only inside the shell: the H5 start does not carry it. */
const loadFlow = () => Promise.all([import('./iap-flow'), import('./iap-server')]);

export interface InAppPurchase {
  /** True inside the shell with the StoreKit plugin: the store buys through Apple, not Stripe. */
  available: boolean;
  phase: IapPhase;
  buy(product: string): Promise<void>;
  /** The App Store's localised price of one of our products (its id), once the setup has loaded it. */
  priceOf(product: string): string | undefined;
  /** The store opened: a setup that failed (at launch) is tried again, under the loader. */
  retrySetup: () => void;
}

const IapContext = createContext<InAppPurchase>({
  available: false,
  phase: 'idle',
  buy: () => Promise.resolve(),
  priceOf: () => undefined,
  retrySetup: () => undefined,
});

/**
 * Runs the StoreKit flow for the app's whole life (mounted at the root inside the shell): at launch
 * initialise, load products, and confirm then finish what StoreKit still holds
 * (docs/product.md#ios-purchase-start), so a purchase paid but not confirmed is credited without the store
 * being opened; again after a sign-in, since confirming needs the viewer's session. Tells the viewer each
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
    let ended = false;
    let end: (() => void) | undefined;
    void loadFlow().then(([{ IapFlow, localOrderMemory }, { apiIapServer }]) => {
      if (ended) return;
      const server = apiIapServer();
      const flow = new IapFlow(plugin, server, localOrderMemory(), {
        phase: (next) => {
          setPhase(next);
          if (next === 'failed') showToast(t('errors.paymentInitFailed'));
        },
        status: (status) => {
          if (status === IAP_STATUS.purchased || status === IAP_STATUS.restored) {
            void queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
            void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
            // The stored user info holds the balance and VIP the pages show.
            void refreshUserInfo({ silent: true });
          }
          if (status === IAP_STATUS.failed) showToast(t('errors.purchaseFailed'));
          if (status === IAP_STATUS.deferred) showToast(t('vip.purchaseDeferred'));
        },
      });
      running.current = { flow, server };
      void flow.initialise();
      // Transactions left at launch by a visitor (no session to confirm with) are settled once
      // someone signs in; a confirm refused for another user's order stays for its owner.
      let signedIn = isSignedIn();
      const stop = subscribeSession(() => {
        const now = isSignedIn();
        if (now && !signedIn && flow.phase === 'ready') void flow.restore();
        signedIn = now;
      });
      end = () => {
        stop();
        running.current = undefined;
        void flow.dispose();
      };
    });
    return () => {
      ended = true;
      end?.();
    };
  }, [plugin, queryClient, t]);

  // Stable, so a page can call it once when it opens.
  const retrySetup = useCallback(() => {
    const current = running.current;
    if (current?.flow.phase === 'failed') void current.flow.initialise();
  }, []);

  const value = useMemo<InAppPurchase>(
    () => ({
      available: plugin !== undefined,
      phase,
      async buy(product) {
        const current = running.current;
        const appleProductId = current?.server.appleIdOf(product);
        if (!current || current.flow.phase !== 'ready' || !appleProductId) {
          showToast(t('errors.paymentInitFailed'));
          return;
        }
        await current.flow.buy(product, appleProductId);
      },
      // Read on each render; `phase` turning 'ready' (products loaded) renders the store again.
      priceOf(product) {
        const current = running.current;
        const appleProductId = current?.server.appleIdOf(product);
        return appleProductId ? current?.flow.product(appleProductId)?.priceString : undefined;
      },
      retrySetup,
    }),
    [plugin, phase, t, retrySetup],
  );
  return <IapContext.Provider value={value}>{children}</IapContext.Provider>;
}

export function useInAppPurchase(): InAppPurchase {
  return useContext(IapContext);
}
