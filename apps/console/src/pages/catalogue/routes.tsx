import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const DramaListPage = lazy(() => import('./DramaListPage'));
const CreateDramaPage = lazy(() => import('./CreateDramaPage'));
const DramaPage = lazy(() => import('./DramaPage'));

/** Dramas and their episodes: editors (and admins). */
export const cataloguePages: ConsolePage[] = [
  { path: '/catalogue', element: <DramaListPage />, nav: { labelKey: 'catalogue.nav', roles: ['editor'] } },
  { path: '/catalogue/new', element: <CreateDramaPage /> },
  { path: '/catalogue/:id', element: <DramaPage /> },
];
