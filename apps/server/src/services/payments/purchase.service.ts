import { randomUUID } from 'node:crypto';
import { Code, type PurchaseBody, type PurchaseResult, type VipPeriod } from '@cliffhanger/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { OrderRow, ProductRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import { randomString } from '../../lib/random-string.js';
import type { OrdersRepository } from '../../repositories/orders.repository.js';
import type { PaymentCustomersRepository } from '../../repositories/payment-customers.repository.js';
import type { ProductsRepository } from '../../repositories/products.repository.js';
import type { SubscriptionsRepository } from '../../repositories/subscriptions.repository.js';
import { enforceRateLimit, type RateLimiter } from '../rate-limit/rate-limiter.js';
import { periodOf } from './product-views.js';
import type { CheckoutLine, StripeGateway } from './stripe-gateway.js';

const ORDER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Checkout pages a user may open per hour: plenty for a person, not for a script filling Stripe. */
const PURCHASES_PER_HOUR = 20;

/** Stripe bills a quarter as three months. */
const STRIPE_INTERVAL: Record<VipPeriod, { interval: 'week' | 'month' | 'year'; intervalCount: number }> = {
  week: { interval: 'week', intervalCount: 1 },
  month: { interval: 'month', intervalCount: 1 },
  quarter: { interval: 'month', intervalCount: 3 },
  year: { interval: 'year', intervalCount: 1 },
};

/** Subscription states in which it still renews: a second plan would charge twice. */
const RENEWING = new Set(['active', 'trialing', 'past_due', 'incomplete']);

export interface PurchaseServiceDeps {
  config: Pick<ServerConfig, 'publicBaseUrl' | 'appName' | 'appleBundleId'>;
  products: ProductsRepository;
  orders: OrdersRepository;
  customers: PaymentCustomersRepository;
  subscriptions: SubscriptionsRepository;
  rateLimiter: RateLimiter;
  /** Undefined when Stripe is not configured. */
  stripe: StripeGateway | undefined;
  log: FastifyBaseLogger;
}

function newOrderId(): string {
  return `ord_${randomString(24, ORDER_ID_ALPHABET)}`;
}

/**
 * Starts purchases: an order row with the product's terms, then the provider's checkout. Nothing
 * is credited here; the order is fulfilled only by the provider's signed notification.
 */
export class PurchaseService {
  constructor(private readonly deps: PurchaseServiceDeps) {}

  async purchase(userId: number, body: PurchaseBody): Promise<PurchaseResult> {
    const product = await this.deps.products.find(body.product);
    if (!product?.active) throw new AppError(Code.NOT_FOUND, 'No such product');
    await enforceRateLimit(this.deps.rateLimiter, `purchase:user:${userId}`, PURCHASES_PER_HOUR, 3600);
    if (product.kind === 'vip') await this.refuseSecondSubscription(userId);
    return body.pay_channel === 'stripe' ? this.startStripe(userId, product) : this.startApple(userId, product);
  }

  private async refuseSecondSubscription(userId: number): Promise<void> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (live && RENEWING.has(live.status) && !live.cancelAtPeriodEnd) {
      throw new AppError(Code.SUBSCRIPTION_EXISTS, 'A VIP subscription renews already');
    }
  }

  private newOrder(userId: number, product: ProductRow, channel: 'stripe' | 'apple', appAccountToken: string | null) {
    return this.deps.orders.insert({
      publicId: newOrderId(),
      userId,
      productId: product.id,
      kind: product.kind,
      channel,
      priceCents: product.priceCents,
      currency: product.currency,
      period: product.period,
      coins: product.coins,
      bonusCoins: product.bonusCoins,
      appAccountToken,
    });
  }

  private async startStripe(userId: number, product: ProductRow): Promise<PurchaseResult> {
    const stripe = this.deps.stripe;
    if (!stripe) throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, 'Card payments are not configured');
    const order = await this.newOrder(userId, product, 'stripe', null);
    try {
      const customerId = await this.customerOf(userId, stripe);
      const session = await stripe.createCheckoutSession({
        mode: product.kind === 'vip' ? 'subscription' : 'payment',
        customerId,
        orderId: order.publicId,
        userId,
        line: this.lineOf(product),
        successUrl: this.resultUrl('stripePaymentSuccess', order),
        cancelUrl: this.resultUrl('stripePaymentFailed', order),
      });
      await this.deps.orders.update(order.id, { stripeSessionId: session.id });
      return { order_id: order.publicId, checkout_url: session.url, app_account_token: null };
    } catch (error) {
      if (error instanceof AppError) throw error;
      await this.deps.orders.settlePending(order.id, 'failed');
      this.deps.log.warn({ err: error, order: order.publicId }, 'Stripe checkout could not be created');
      throw new AppError(Code.PAYMENT_PROVIDER_ERROR, 'The payment provider could not be reached', null, {
        cause: error,
      });
    }
  }

  /** Apple: the order and the token StoreKit ties to the transaction; confirmed by /member/confirm. */
  private async startApple(userId: number, product: ProductRow): Promise<PurchaseResult> {
    if (this.deps.config.appleBundleId === undefined) {
      throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, 'In-app purchase is not configured');
    }
    if (!product.appleProductId) {
      throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
        fields: [{ field: 'product', message: 'is not sold through in-app purchase' }],
      });
    }
    const order = await this.newOrder(userId, product, 'apple', randomUUID());
    return { order_id: order.publicId, checkout_url: null, app_account_token: order.appAccountToken };
  }

  private async customerOf(userId: number, stripe: StripeGateway): Promise<string> {
    const known = await this.deps.customers.find(userId, 'stripe');
    if (known) return known;
    return this.deps.customers.keep(userId, 'stripe', await stripe.createCustomer(userId));
  }

  private lineOf(product: ProductRow): CheckoutLine {
    if (product.stripePriceId) return { price: product.stripePriceId };
    const app = this.deps.config.appName;
    if (product.kind === 'vip') {
      const period = periodOf(product);
      return {
        name: `${app} VIP (${period})`,
        unitAmountCents: product.priceCents,
        recurring: STRIPE_INTERVAL[period],
      };
    }
    const bonus = product.bonusCoins > 0 ? ` + ${product.bonusCoins} bonus` : '';
    return { name: `${product.coins} ${app} coins${bonus}`, unitAmountCents: product.priceCents };
  }

  private resultUrl(page: 'stripePaymentSuccess' | 'stripePaymentFailed', order: OrderRow): string {
    const url = new URL(`/pages/payment/${page}`, this.deps.config.publicBaseUrl);
    url.searchParams.set('order', order.publicId);
    return url.toString();
  }
}
