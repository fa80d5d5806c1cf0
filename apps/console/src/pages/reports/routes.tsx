import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const RevenuePage = lazy(() => import('./RevenuePage'));
const ViewersPage = lazy(() => import('./ViewersPage'));
const CoinsPage = lazy(() => import('./CoinsPage'));
const DramasPage = lazy(() => import('./DramasPage'));
const DramaPage = lazy(() => import('./DramaPage'));

/** The Numbers: money and viewers for finance (and admins); each drama's numbers for editors too. */
export const reportsPages: ConsolePage[] = [
  { path: '/reports/revenue', element: <RevenuePage />, nav: { labelKey: 'reports.nav', roles: ['finance'] } },
  { path: '/reports/viewers', element: <ViewersPage /> },
  { path: '/reports/coins', element: <CoinsPage /> },
  { path: '/reports/dramas', element: <DramasPage />, nav: { labelKey: 'reports.navDramas', roles: ['editor'] } },
  { path: '/reports/dramas/:id', element: <DramaPage /> },
];
