import { Code, type Membership } from '@cliffhanger/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { SubscriptionRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentCustomersRepository } from '../../repositories/payment-customers.repository.js';
import type { ProductsRepository } from '../../repositories/products.repository.js';
import type { SubscriptionsRepository } from '../../repositories/subscriptions.repository.js';
import type { VipService } from '../wallet/vip.service.js';
import { isVipActive } from '../catalog/entitlement.js';
import { periodOf } from './product-views.js';
import type { StripeGateway } from './stripe-gateway.js';

export interface MembershipServiceDeps {
  config: Pick<ServerConfig, 'publicBaseUrl'>;
  clock: Clock;
  log: FastifyBaseLogger;
  vip: VipService;
  products: ProductsRepository;
  subscriptions: SubscriptionsRepository;
  customers: PaymentCustomersRepository;
  stripe: StripeGateway | undefined;
}

/**
 * A member's VIP and subscription, and cancelling in one step (docs/payments.md#cancelling): cancel and
 * resume go to Stripe at once and the answer already shows the new state; the webhook that follows agrees.
 */
export class MembershipService {
  constructor(private readonly deps: MembershipServiceDeps) {}

  async get(userId: number): Promise<Membership> {
    const holder = await this.deps.vip.holderOf(userId);
    if (!holder) throw new AppError(Code.NOT_FOUND, 'User not found');
    const live = await this.deps.subscriptions.findLive(userId);
    return {
      active: isVipActive(holder.vipExpiresAt, this.deps.clock()),
      expires_at: holder.vipExpiresAt?.toISOString() ?? null,
      subscription: live ? await this.toSubscription(live) : null,
    };
  }

  async cancel(userId: number): Promise<{ membership: Membership; repeat: boolean }> {
    return this.setCancel(userId, true);
  }

  async resume(userId: number): Promise<{ membership: Membership; repeat: boolean }> {
    return this.setCancel(userId, false);
  }

  async portalUrl(userId: number): Promise<string> {
    const stripe = this.requireStripe();
    const customerId = await this.deps.customers.find(userId, 'stripe');
    if (!customerId) throw new AppError(Code.NOT_FOUND, 'No card payments yet');
    return this.callStripe(() =>
      stripe.createPortalSession(customerId, new URL('/pages/user/vip', this.deps.config.publicBaseUrl).toString()),
    );
  }

  /**
   * A deleted account must never be charged again: its renewing Stripe subscription ends now.
   * A Stripe outage does not block the deletion; it is logged for support to finish by hand.
   */
  async endForDeletedAccount(userId: number): Promise<void> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (!live || live.provider !== 'stripe' || live.status === 'canceled') return;
    if (!this.deps.stripe) {
      this.deps.log.error(
        { subscription: live.providerSubscriptionId },
        'deleted account keeps a Stripe subscription: Stripe is not configured',
      );
      return;
    }
    try {
      await this.deps.stripe.cancelNow(live.providerSubscriptionId);
      await this.deps.subscriptions.updateState(live.id, { status: 'canceled', endedAt: this.deps.clock() });
    } catch (error) {
      this.deps.log.error(
        { err: error, subscription: live.providerSubscriptionId },
        'could not cancel the subscription of a deleted account',
      );
    }
  }

  private async setCancel(userId: number, cancel: boolean): Promise<{ membership: Membership; repeat: boolean }> {
    const live = await this.deps.subscriptions.findLive(userId);
    if (!live || live.provider !== 'stripe') throw new AppError(Code.NOT_FOUND, 'No subscription to change');
    if (live.cancelAtPeriodEnd === cancel) return { membership: await this.get(userId), repeat: true };
    const stripe = this.requireStripe();
    const updated = await this.callStripe(() => stripe.setCancelAtPeriodEnd(live.providerSubscriptionId, cancel));
    const item = updated.items.data[0];
    await this.deps.subscriptions.updateState(live.id, {
      status: updated.status,
      cancelAtPeriodEnd: updated.cancel_at_period_end,
      ...(item ? { currentPeriodEnd: new Date(item.current_period_end * 1000) } : {}),
    });
    return { membership: await this.get(userId), repeat: false };
  }

  private requireStripe(): StripeGateway {
    if (!this.deps.stripe) throw new AppError(Code.PAYMENT_CHANNEL_UNAVAILABLE, 'Card payments are not configured');
    return this.deps.stripe;
  }

  private async callStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Stripe call failed');
      throw new AppError(Code.PAYMENT_PROVIDER_ERROR, 'The payment provider could not be reached', null, {
        cause: error,
      });
    }
  }

  private async toSubscription(row: SubscriptionRow): Promise<NonNullable<Membership['subscription']>> {
    const product = await this.deps.products.find(row.productId);
    if (!product) throw new Error(`subscription ${row.id} of unknown product ${row.productId}`);
    return {
      plan: product.id,
      period: periodOf(product),
      price_cents: product.priceCents,
      currency: 'USD',
      pay_channel: row.provider,
      status: row.status,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      manageable: row.provider === 'stripe' && this.deps.stripe !== undefined,
    };
  }
}
