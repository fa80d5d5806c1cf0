import {
  API_PREFIX,
  Code,
  getCoinTypes,
  getMemberTypes,
  getMembership,
  getOrder,
  postMemberCancel,
  postMemberConfirm,
  postMemberPortal,
  postMemberPurchase,
  postMemberResume,
} from '@cliffhanger/contract';
import { AppError, ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/payments/stripe/webhook`;
const APPLE_NOTIFICATIONS_PATH = `${API_PREFIX}/payments/apple/notifications`;

const IAP_UNAVAILABLE = 'In-app purchase is not configured';

/** Plans, packs, purchases, App Store confirmation, orders and membership; the Stripe webhook and App Store notifications. */
export async function paymentsRoutes(app: AppInstance): Promise<void> {
  const { products, purchase, orders, membership, stripeWebhook, apple } = app.services.payments;

  registerEndpoint(app, getMemberTypes, async (req) => ok(await products.plans(req.query.pay_channel)));
  registerEndpoint(app, getCoinTypes, async () => ok(await products.packs()));
  registerEndpoint(app, postMemberPurchase, async (req) => ok(await purchase.purchase(signedIn(req).userId, req.body)));
  registerEndpoint(app, postMemberConfirm, async (req) => {
    if (!apple) throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, IAP_UNAVAILABLE);
    const outcome = await apple.confirm(signedIn(req).userId, req.body);
    return ok(outcome.order, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already confirmed' } : {});
  });
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

  // Apple signs the payload inside the JSON body (a JWS), so the parsed body is enough. A 200
  // tells Apple to stop retrying; a refusal or a failure makes it deliver again later.
  app.post(APPLE_NOTIFICATIONS_PATH, { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    if (!apple) throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, IAP_UNAVAILABLE);
    const body = req.body as { signedPayload?: unknown } | null | undefined;
    const signedPayload = typeof body?.signedPayload === 'string' ? body.signedPayload : '';
    if (!signedPayload) throw new AppError(Code.PAYMENT_SIGNATURE_INVALID, 'signedPayload is missing');
    const outcome = await apple.receive(signedPayload);
    return reply.code(200).send(ok({ outcome }));
  });

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
  });
}
