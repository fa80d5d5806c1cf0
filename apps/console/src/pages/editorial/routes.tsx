import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const EditorialPage = lazy(() => import('./EditorialPage'));

/** Home's banners and recommended shelf: editors (and admins). */
export const editorialPages: ConsolePage[] = [
  { path: '/editorial', element: <EditorialPage />, nav: { labelKey: 'editorial.nav', roles: ['editor'] } },
];
