import { Code, VIP_PERIOD_DAYS } from '@cliffhanger/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/payments.schema.js';
import { isAppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { OrdersRepository } from '../../repositories/orders.repository.js';
import type { PaymentEventsRepository } from '../../repositories/payment-events.repository.js';
import type { NewSubscription, SubscriptionsRepository } from '../../repositories/subscriptions.repository.js';
import type { VipEntriesRepository } from '../../repositories/vip-entries.repository.js';
import type { VipService } from '../wallet/vip.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

const DAY_S = 86_400;

export interface FulfilmentServiceDeps {
  clock: Clock;
  orders: OrdersRepository;
  wallet: WalletService;
  vip: VipService;
}

export interface PaidPeriod {
  /** Provider-unique id of what was paid (an invoice `in_…`, an Apple transaction). */
  paymentKey: string;
  /** What the payment covered; undefined when the provider did not say: the order's plan period. */
  seconds: number | undefined;
  renewal: boolean;
  /** The end of what the payment covered, when the provider says (Apple's expiresDate): VIP never runs past it. */
  notAfter?: Date;
}

/** What the Stripe webhooks and the App Store notifications both settle payments with. */
export interface SettlementDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  orders: OrdersRepository;
  subscriptions: SubscriptionsRepository;
  events: PaymentEventsRepository;
  vipEntries: VipEntriesRepository;
  fulfilment: FulfilmentService;
}

export interface Handled {
  outcome: string;
  orderId: number | null;
}

/** The row of a subscription first seen with its first payment: active and renewing until `paidUntil`. */
export function newSubscription(
  order: OrderRow,
  provider: NewSubscription['provider'],
  providerSubscriptionId: string,
  paidUntil: Date | null,
): NewSubscription {
  return {
    userId: order.userId,
    provider,
    providerSubscriptionId,
    orderId: order.id,
    productId: order.productId,
    status: 'active',
    currentPeriodEnd: paidUntil,
    cancelAtPeriodEnd: false,
    endedAt: null,
  };
}

/**
 * Runs a fulfilment step, turning "this account can no longer be served" into an outcome for
 * support: a paid order of a deleted account is recorded instead of retried forever.
 */
export async function guarded(log: FastifyBaseLogger, order: OrderRow, step: () => Promise<string>): Promise<Handled> {
  try {
    return { outcome: await step(), orderId: order.id };
  } catch (error) {
    if (!isAppError(error) || (error.code !== Code.SESSION_REVOKED && error.code !== Code.NOT_FOUND)) throw error;
    log.error({ order: order.publicId, err: error }, 'paid order of a deleted account: refund it');
    return { outcome: `unfulfillable: ${error.message}`, orderId: order.id };
  }
}

/**
 * Why a reported payment does not match the terms the order was created with (its price and
 * currency), or null when it does. Stripe writes currencies in lower case, orders in upper.
 */
export function termsMismatch(
  order: Pick<OrderRow, 'priceCents' | 'currency'>,
  paid: { amountCents: number | null | undefined; currency: string | null | undefined },
): string | null {
  const currency = (paid.currency ?? '').toUpperCase();
  if (paid.amountCents === order.priceCents && currency === order.currency.toUpperCase()) return null;
  return `paid ${paid.amountCents ?? 'no amount'} ${currency || 'in no currency'} for an order of ${order.priceCents} ${order.currency.toUpperCase()}`;
}

/**
 * What a paid, refunded or disputed order does to coins and VIP, in the caller's transaction
 * with the order row already locked. Coins move only through the wallet service and VIP only
 * through the VIP service; both carry keys, so a notification applied twice changes nothing.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentServiceDeps) {}

  /**
   * A payment that differs from the order's terms: the order is flagged for support with the
   * first reason seen, and nothing is granted (callers grant nothing for a flagged order, later
   * events included). The caller answers the provider normally: a redelivery cannot change it.
   */
  async flagForSupport(
    order: OrderRow,
    reason: string,
    tx: Db,
    paymentIntentId: string | null = null,
  ): Promise<string> {
    if (!order.flaggedAt) {
      await this.deps.orders.update(
        order.id,
        {
          flaggedAt: this.deps.clock(),
          flagReason: reason,
          // So a refund support makes finds the order (and finds nothing to take back).
          ...(paymentIntentId && !order.stripePaymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
        },
        tx,
      );
    }
    return `flagged: ${reason}; nothing granted`;
  }

  /** Credits a coin pack once per order: coins + bonus as a `recharge` that never expires. */
  async creditPack(order: OrderRow, tx: Db, paymentIntentId: string | null): Promise<string> {
    if (order.coinsCredited > 0) return 'already credited';
    const amount = order.coins + order.bonusCoins;
    const ref = ledgerKeys.orderCredit(order.publicId);
    await this.deps.wallet.credit(
      { userId: order.userId, kind: 'recharge', amount, key: ref, ref, expiresAt: null },
      tx,
    );
    await this.deps.orders.update(
      order.id,
      {
        status: 'fulfilled',
        coinsCredited: amount,
        fulfilledAt: this.deps.clock(),
        ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
      },
      tx,
    );
    return `credited ${amount} coins`;
  }

  /** Extends VIP by one paid period, once per payment (each invoice of a subscription). */
  async extendVip(order: OrderRow, period: PaidPeriod, tx: Db): Promise<string> {
    const seconds = period.seconds ?? VIP_PERIOD_DAYS[order.period ?? 'month'] * DAY_S;
    const result = await this.deps.vip.extend(
      {
        userId: order.userId,
        kind: period.renewal ? 'renewal' : 'purchase',
        seconds,
        key: ledgerKeys.vipPayment(period.paymentKey),
        orderId: order.id,
        ref: period.paymentKey,
        ...(period.notAfter ? { notAfter: period.notAfter } : {}),
      },
      tx,
    );
    if (result.replayed) return 'VIP already extended';
    await this.deps.orders.update(
      order.id,
      {
        vipExpiresAt: result.expiresAt,
        ...(order.status === 'fulfilled' ? {} : { status: 'fulfilled' as const, fulfilledAt: this.deps.clock() }),
      },
      tx,
    );
    // VIP from elsewhere (a grant, another subscription) already ran to the payment's end.
    if (result.seconds === 0) return 'VIP already runs to the end of this payment: nothing added';
    return `VIP extended by ${result.seconds} s`;
  }

  /**
   * Takes back the coins of a refunded share of a pack: `refundedShare` of what was credited
   * (1 for a full refund or a dispute), minus what earlier reversals took. Coins already spent
   * cannot be taken (the balance never goes negative): they are recorded on the order as
   * unrecovered and the account is flagged for support.
   */
  async reversePack(order: OrderRow, refundedShare: number, key: string, tx: Db): Promise<string> {
    const share = Math.min(1, Math.max(0, refundedShare));
    // A partial refund takes its proportional share rounded down; a full one takes all.
    const target = share >= 1 ? order.coinsCredited : Math.floor(order.coinsCredited * share);
    const due = target - order.coinsReversed - order.coinsUnrecovered;
    if (due <= 0) return 'nothing more to reverse';
    const result = await this.deps.wallet.reverse(
      { userId: order.userId, amount: due, key, ref: `order:${order.publicId}` },
      tx,
    );
    await this.deps.orders.update(
      order.id,
      {
        coinsReversed: order.coinsReversed + result.taken,
        coinsUnrecovered: order.coinsUnrecovered + result.unrecovered,
        ...(share >= 1 ? { status: 'refunded' as const } : {}),
      },
      tx,
    );
    return `reversed ${result.taken} coins, ${result.unrecovered} unrecoverable`;
  }

  /**
   * Takes back the VIP time one payment bought that is still ahead (a refunded or disputed
   * invoice); time already enjoyed stays. Once per payment, whatever the refunded share.
   */
  async reverseVip(
    order: OrderRow,
    paymentKey: string,
    grantedSeconds: number,
    firstPayment: boolean,
    tx: Db,
  ): Promise<string> {
    const result = await this.deps.vip.takeBack(
      {
        userId: order.userId,
        kind: 'reversal',
        seconds: grantedSeconds,
        key: ledgerKeys.vipReversal(paymentKey),
        orderId: order.id,
        ref: paymentKey,
      },
      tx,
    );
    if (result.replayed) return 'VIP already reversed';
    await this.deps.orders.update(
      order.id,
      { vipExpiresAt: result.expiresAt, ...(firstPayment ? { status: 'refunded' as const } : {}) },
      tx,
    );
    return `VIP shortened by ${result.seconds} s`;
  }

  /** A subscription that ended before its paid period did: the rest of that period is taken back. */
  async endSubscription(order: OrderRow, subscriptionId: string, unusedSeconds: number, tx: Db): Promise<string> {
    const result = await this.deps.vip.takeBack(
      {
        userId: order.userId,
        kind: 'subscription_end',
        seconds: unusedSeconds,
        key: ledgerKeys.subscriptionEnd(subscriptionId),
        orderId: order.id,
        ref: subscriptionId,
      },
      tx,
    );
    return result.replayed
      ? 'subscription end already applied'
      : `subscription ended, VIP shortened by ${result.seconds} s`;
  }
}
