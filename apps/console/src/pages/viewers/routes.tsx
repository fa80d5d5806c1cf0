import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const ViewersPage = lazy(() => import('./ViewersPage'));
const ViewerPage = lazy(() => import('./ViewerPage'));

/** Viewers' accounts: support (and admins). */
export const viewersPages: ConsolePage[] = [
  { path: '/viewers', element: <ViewersPage />, nav: { labelKey: 'viewers.nav', roles: ['support'] } },
  { path: '/viewers/:uid', element: <ViewerPage /> },
];
