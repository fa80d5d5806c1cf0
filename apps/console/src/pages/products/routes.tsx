import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const ProductsPage = lazy(() => import('./ProductsPage'));

/** VIP plans and coin packs: money, so finance (and admins). */
export const productsPages: ConsolePage[] = [
  { path: '/products', element: <ProductsPage />, nav: { labelKey: 'products.nav', roles: ['finance'] } },
];
