import {
  consoleCreateProduct,
  consoleDeleteProduct,
  consoleListProducts,
  consoleUpdateProduct,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { operatorOf, registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';

/** VIP plans and coin packs: money actions, each with a fresh TOTP code (docs/console.md#products). */
export function productsRoutes(app: AppInstance): void {
  const { products } = app.services.console;
  const actor = (req: Parameters<typeof operatorOf>[0], reason: string) => ({ operatorId: operatorOf(req).id, reason });

  registerConsoleEndpoint(app, consoleListProducts, async () => ok(await products.list()));

  registerConsoleEndpoint(app, consoleCreateProduct, async (req) =>
    ok(await products.create(req.body.id, req.body.changes, actor(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleUpdateProduct, async (req) =>
    ok(await products.update(req.params.id, req.body.changes, actor(req, req.body.reason))),
  );

  registerConsoleEndpoint(app, consoleDeleteProduct, async (req) => {
    await products.remove(req.params.id, actor(req, req.body.reason));
    return ok(null);
  });
}
