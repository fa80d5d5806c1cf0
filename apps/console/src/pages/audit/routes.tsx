import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const AuditPage = lazy(() => import('./AuditPage'));

/** The audit log: admins only. */
export const auditPages: ConsolePage[] = [
  { path: '/audit', element: <AuditPage />, nav: { labelKey: 'audit.nav', roles: ['admin'] } },
];
