import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastHost } from '../components/ui/toast-host';
import { RewardsLaunch } from '../features/rewards/components/rewards-launch';
import { refreshUserInfo } from '../lib/user-info/get-user';
import { appConfigQueryOptions, useProductName } from '../lib/app-config/get-app-config';
import { IapProvider } from '../lib/iap/iap-context';
import { nativePurchases } from '../lib/iap/iap-plugin';
import { getSession, subscribeSession } from '../lib/session';

/** The document title is always the product name; no page changes it (docs/product.md#screens-and-routes). */
function DocumentTitle() {
  const name = useProductName();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}

/** The user info is refreshed at launch (silently: a launch shows no 'Network Error'; docs/product.md#session). */
function LaunchUserRefresh() {
  useEffect(() => {
    void refreshUserInfo({ silent: true });
  }, []);
  return null;
}

/**
 * Signing in, out or as someone else makes every cached answer about the previous viewer
 * wrong: they are reset (active ones refetch). App config is the same for everyone and stays.
 */
function ResetQueriesOnSessionChange() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = getSession().token;
    return subscribeSession(() => {
      const token = getSession().token;
      if (token === previous) return;
      previous = token;
      const configKey = appConfigQueryOptions().queryKey[0];
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== configKey });
    });
  }, [queryClient]);
  return null;
}

/** The query client comes from boot.tsx: the first page's route loader fills it before the first render. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // In-app purchase lives as long as the app inside the shell (it restores at launch,
  // docs/product.md#ios-purchase-start); a browser never mounts it.
  const [inShell] = useState(() => nativePurchases() !== undefined);
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentTitle />
      {/* The silent launch check-in (docs/product.md#check-in-at-launch), and the Rewards tab badge. */}
      <RewardsLaunch />
      <LaunchUserRefresh />
      <ResetQueriesOnSessionChange />
      {inShell ? <IapProvider>{children}</IapProvider> : children}
      <ToastHost />
    </QueryClientProvider>
  );
}
