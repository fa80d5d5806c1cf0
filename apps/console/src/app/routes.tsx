import { cataloguePages } from '../pages/catalogue/routes';
import { editorialPages } from '../pages/editorial/routes';
import { productsPages } from '../pages/products/routes';
import { viewersPages } from '../pages/viewers/routes';
import { ordersPages } from '../pages/orders/routes';
import { reportsPages } from '../pages/reports/routes';
import { moderationPages } from '../pages/moderation/routes';
import { accountPages } from '../pages/account/routes';
import { auditPages } from '../pages/audit/routes';
import { operatorsPages } from '../pages/operators/routes';
import type { ConsolePage } from './console-page';

/**
 * Every signed-in page of the console, area by area: one line per area, spreading the array its
 * `src/pages/<area>/routes.tsx` exports. The sidebar lists them in this order.
 */
export const consolePages: readonly ConsolePage[] = [
  ...cataloguePages,
  ...editorialPages,
  ...productsPages,
  ...viewersPages,
  ...ordersPages,
  ...reportsPages,
  ...moderationPages,
  ...operatorsPages,
  ...auditPages,
  ...accountPages,
];
