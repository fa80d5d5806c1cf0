import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { OfflineNotice } from '../components/ui/offline-notice';
import { AppProvider } from './provider';
import { AppRouterProvider, type AppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  /** Created before the first render, so the first page loads while the app starts. */
  router: AppRouter;
  /** A new router at `at`, with the same routes (a page's Retry). */
  rebuild: (at: Location) => AppRouter;
}

export function App({ queryClient, router, rebuild }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouterProvider router={router} rebuild={rebuild} />
      <OfflineNotice />
    </AppProvider>
  );
}
