import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const AccountPage = lazy(() => import('./AccountPage'));

/** Every operator's own account. */
export const accountPages: ConsolePage[] = [
  { path: '/account', element: <AccountPage />, nav: { labelKey: 'account.nav', roles: 'all' } },
];
