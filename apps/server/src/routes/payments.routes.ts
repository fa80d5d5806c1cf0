import {
  API_PREFIX,
  Code,
  getCoinTypes,
  getMemberTypes,
  getMembership,
  getOrder,
  postMemberCancel,
  postMemberPortal,
  postMemberPurchase,
  postMemberResume,
} from '@cliffhanger/contract';
import { AppError, ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../http/types.js';

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/payments/stripe/webhook`;

/** Plans, packs, purchases, orders and membership; the Stripe webhook. */
export async function paymentsRoutes(app: AppInstance): Promise<void> {
  const { products, purchase, orders, membership, stripeWebhook } = app.services.payments;

  registerEndpoint(app, getMemberTypes, async (req) => ok(await products.plans(req.query.pay_channel)));
  registerEndpoint(app, getCoinTypes, async () => ok(await products.packs()));
  registerEndpoint(app, postMemberPurchase, async (req) => ok(await purchase.purchase(signedIn(req).userId, req.body)));
  registerEndpoint(app, getOrder, async (req) => ok(await orders.get(signedIn(req).userId, req.params.id)));
  registerEndpoint(app, getMembership, async (req) => ok(await membership.get(signedIn(req).userId)));

  registerEndpoint(app, postMemberCancel, async (req) => {
    const outcome = await membership.cancel(signedIn(req).userId);
    return ok(outcome.membership, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already cancelled' } : {});
  });
  registerEndpoint(app, postMemberResume, async (req) => {
    const outcome = await membership.resume(signedIn(req).userId);
    return ok(outcome.membership, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already renewing' } : {});
  });
  registerEndpoint(app, postMemberPortal, async (req) => ok({ url: await membership.portalUrl(signedIn(req).userId) }));

  // Stripe signs the exact bytes it sent, so this route alone keeps the body raw.
  await app.register((scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
      if (!stripeWebhook) throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, 'Card payments are not configured');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const outcome = await stripeWebhook.receive(raw, typeof signature === 'string' ? signature : undefined);
      return reply.code(200).send(ok({ outcome }));
    });
    return Promise.resolve();
  });
}
