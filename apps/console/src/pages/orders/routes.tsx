import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const OrdersPage = lazy(() => import('./OrdersPage'));
const OrderPage = lazy(() => import('./OrderPage'));

/** Orders and refunds: money, so finance (and admins). */
export const ordersPages: ConsolePage[] = [
  { path: '/orders', element: <OrdersPage />, nav: { labelKey: 'orders.nav', roles: ['finance'] } },
  { path: '/orders/:id', element: <OrderPage /> },
];
