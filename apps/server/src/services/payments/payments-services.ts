import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { OrdersRepository } from '../../repositories/orders.repository.js';
import { OrderRefundsRepository } from '../../repositories/order-refunds.repository.js';
import { PaymentCustomersRepository } from '../../repositories/payment-customers.repository.js';
import { PaymentEventsRepository } from '../../repositories/payment-events.repository.js';
import { ProductsRepository } from '../../repositories/products.repository.js';
import { SubscriptionsRepository } from '../../repositories/subscriptions.repository.js';
import { VipEntriesRepository } from '../../repositories/vip-entries.repository.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { VipService } from '../wallet/vip.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { AppleIapService } from './apple-iap.service.js';
import { AppleVerifier } from './apple-verifier.js';
import { FulfilmentService, type SettlementDeps } from './fulfilment.service.js';
import { MembershipService } from './membership.service.js';
import { OrdersService } from './orders.service.js';
import { ProductsService } from './products.service.js';
import { PurchaseService } from './purchase.service.js';
import { StripeGateway } from './stripe-gateway.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

export type PaymentsServices = ReturnType<typeof createPaymentsServices>;

export interface PaymentsServicesDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<ServerConfig, 'publicBaseUrl' | 'appName' | 'appleBundleId' | 'apple' | 'stripe'>;
  rateLimiter: RateLimiter;
  wallet: WalletService;
  vip: VipService;
}

/** Products, orders, Stripe checkout and webhooks, App Store purchases and notifications, membership; coins and VIP move through wallet and vip. */
export function createPaymentsServices(deps: PaymentsServicesDeps) {
  const { db, clock, log, config } = deps;
  const products = new ProductsRepository(db);
  const orders = new OrdersRepository(db);
  const customers = new PaymentCustomersRepository(db);
  const subscriptions = new SubscriptionsRepository(db);
  const stripe = config.stripe ? new StripeGateway(config.stripe) : undefined;
  const fulfilment = new FulfilmentService({ clock, orders, wallet: deps.wallet, vip: deps.vip });
  const settlement: SettlementDeps = {
    db,
    clock,
    log,
    orders,
    subscriptions,
    events: new PaymentEventsRepository(db),
    vipEntries: new VipEntriesRepository(db),
    fulfilment,
  };
  return {
    products: new ProductsService({ products }),
    purchase: new PurchaseService({
      config,
      products,
      orders,
      customers,
      subscriptions,
      rateLimiter: deps.rateLimiter,
      stripe,
      log,
    }),
    orders: new OrdersService({ orders }),
    membership: new MembershipService({
      config,
      clock,
      log,
      vip: deps.vip,
      products,
      subscriptions,
      customers,
      stripe,
    }),
    /** Undefined when Stripe is not configured (the webhook route then answers Code.PAYMENT_CHANNEL_UNAVAILABLE). */
    stripeWebhook: stripe
      ? new StripeWebhookService({ ...settlement, stripe, refunds: new OrderRefundsRepository(db) })
      : undefined,
    /** Undefined when APPLE_BUNDLE_ID is unset (confirm and notifications then answer that code too). */
    apple: config.apple
      ? new AppleIapService({ ...settlement, verifier: new AppleVerifier(config.apple), products })
      : undefined,
  };
}
