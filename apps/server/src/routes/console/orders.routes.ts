import { consoleGetOrder, consoleRefundOrder, consoleSearchOrders } from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** Orders and refunds, for finance (docs/console.md#orders-and-refunds). A refund is a money action. */
export function ordersRoutes(app: AppInstance): void {
  const { orderSearch, orderRefunds } = app.services.console;

  registerConsoleEndpoint(app, consoleSearchOrders, async (req) => ok(await orderSearch.search(req.query)));

  registerConsoleEndpoint(app, consoleGetOrder, async (req) => ok(await orderSearch.detail(req.params.id)));

  registerConsoleEndpoint(app, consoleRefundOrder, async (req) =>
    ok(
      await orderRefunds.refund(req.params.id, req.body.amount_cents, {
        operatorId: operatorOf(req).id,
        reason: req.body.reason,
      }),
    ),
  );
}
