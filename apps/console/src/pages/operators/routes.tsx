import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const OperatorsPage = lazy(() => import('./OperatorsPage'));

/** Operators: admins only (the API refuses everyone else with 80004 anyway). */
export const operatorsPages: ConsolePage[] = [
  { path: '/operators', element: <OperatorsPage />, nav: { labelKey: 'operators.nav', roles: ['admin'] } },
];
