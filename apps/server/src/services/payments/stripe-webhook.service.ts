import { Code } from '@cliffhanger/contract';
import type Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import { guarded, newSubscription, termsMismatch, type Handled, type SettlementDeps } from './fulfilment.service.js';
import type { OrderRefundsRepository } from '../../repositories/order-refunds.repository.js';
import { refundStateOf, type RefundState, type StripeGateway } from './stripe-gateway.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

export interface StripeWebhookServiceDeps extends SettlementDeps {
  stripe: StripeGateway;
  /** Refunds asked from the console, whose status Stripe's refund events keep current. */
  refunds: OrderRefundsRepository;
}

/** What a refund or dispute is about, found before the transaction (it may need a Stripe call). */
type PaymentTarget =
  { kind: 'pack'; orderPublicId: string } | { kind: 'invoice'; invoiceId: string } | { kind: 'unknown' };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** An order flagged by an earlier event grants nothing until support settles it. */
const flaggedBefore = (order: OrderRow): Handled => ({
  outcome: `ignored: order flagged for support (${order.flagReason ?? 'no reason recorded'})`,
  orderId: order.id,
});

const toDate = (seconds: number | null | undefined): Date | null => (seconds == null ? null : new Date(seconds * 1000));

/**
 * Stripe webhooks (docs/payments.md). The signature is checked by the SDK; each event id is
 * handled once (its payment_events row is claimed in the same transaction as its effect), each
 * order is credited once (the ledger key), and every effect runs under the order's row lock.
 * A failure rolls everything back and answers 500, so Stripe delivers the event again.
 */
export class StripeWebhookService {
  constructor(private readonly deps: StripeWebhookServiceDeps) {}

  /** Verifies and handles one delivery; answers the outcome recorded for the event. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<string> {
    let event: Stripe.Event;
    try {
      event = this.deps.stripe.verifyEvent(rawBody, signature);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw new AppError(Code.PAYMENT_SIGNATURE_INVALID, 'Invalid webhook signature');
    }
    return this.handle(event);
  }

  async handle(event: Stripe.Event): Promise<string> {
    const target = await this.paymentTargetOf(event);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const fresh = await this.deps.events.claim({ provider: 'stripe', eventId: event.id, type: event.type }, tx);
      if (!fresh) return 'duplicate: handled before';
      const handled = await this.apply(event, target, tx);
      await this.deps.events.settle('stripe', event.id, handled.outcome, handled.orderId, tx);
      return handled.outcome;
    });
    this.deps.log.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook handled');
    return outcome;
  }

  private async apply(event: Stripe.Event, target: PaymentTarget, tx: Db): Promise<Handled> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.sessionPaid(event.data.object, tx);
      case 'checkout.session.async_payment_failed':
        return this.sessionClosed(event.data.object, 'failed', tx);
      case 'checkout.session.expired':
        return this.sessionClosed(event.data.object, 'canceled', tx);
      case 'invoice.paid':
        return this.invoicePaid(event.data.object, tx);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(event.data.object, tx);
      case 'charge.refunded': {
        const charge = event.data.object;
        const share = charge.amount > 0 ? charge.amount_refunded / charge.amount : 1;
        return this.reverse(target, share, ledgerKeys.stripeRefund(charge.id, charge.amount_refunded), tx);
      }
      case 'charge.dispute.created':
        return this.reverse(target, 1, ledgerKeys.stripeDispute(event.data.object.id), tx);
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return this.refundChanged(event.data.object, target, tx);
      default:
        return { outcome: `ignored: ${event.type} is not used`, orderId: null };
    }
  }

  private async sessionPaid(session: Stripe.Checkout.Session, tx: Db): Promise<Handled> {
    const order = await this.lockOrder(session.metadata?.order_id ?? session.client_reference_id, tx);
    if (!order) return { outcome: 'ignored: unknown order', orderId: null };
    if (order.stripeSessionId && order.stripeSessionId !== session.id) {
      return { outcome: 'ignored: session of another order', orderId: order.id };
    }
    if (session.mode === 'subscription') {
      // VIP is extended by each paid invoice; the session only links the subscription.
      await this.deps.orders.update(
        order.id,
        { stripeSessionId: session.id, stripeSubscriptionId: idOf(session.subscription) },
        tx,
      );
      return { outcome: 'subscription linked', orderId: order.id };
    }
    if (order.flaggedAt) return flaggedBefore(order);
    if (session.payment_status !== 'paid') return { outcome: 'awaiting payment', orderId: order.id };
    // The signature proves Stripe sent it, not that the customer paid what the order asks: a
    // Stripe price id set to another amount would sell a $49.99 pack for 99 cents.
    const mismatch = termsMismatch(order, { amountCents: session.amount_total, currency: session.currency });
    if (mismatch) return this.flag(order, mismatch, idOf(session.payment_intent), tx);
    return guarded(this.deps.log, order, () =>
      this.deps.fulfilment.creditPack(order, tx, idOf(session.payment_intent)),
    );
  }

  private async sessionClosed(
    session: Stripe.Checkout.Session,
    status: 'failed' | 'canceled',
    tx: Db,
  ): Promise<Handled> {
    const order = await this.lockOrder(session.metadata?.order_id ?? session.client_reference_id, tx);
    if (!order) return { outcome: 'ignored: unknown order', orderId: null };
    const changed = await this.deps.orders.settlePending(order.id, status, tx);
    return { outcome: changed ? `order ${status}` : `order already ${order.status}`, orderId: order.id };
  }

  private async invoicePaid(invoice: Stripe.Invoice, tx: Db): Promise<Handled> {
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    if (!details || !subscriptionId) return { outcome: 'ignored: not a subscription invoice', orderId: null };
    const order = await this.lockOrder(details.metadata?.order_id, tx);
    if (!order) return { outcome: 'ignored: unknown order', orderId: null };
    const line = invoice.lines.data[0];
    const periodEnd = line?.period.end ?? null;
    // The invoice's own period: what the customer paid for (a quarter is three calendar months).
    const paidSeconds = line && line.period.end > line.period.start ? line.period.end - line.period.start : undefined;
    const known = await this.deps.subscriptions.lockByProviderId('stripe', subscriptionId, tx);
    const paidUntil = toDate(periodEnd);
    if (known) {
      // A late invoice never moves the period back nor undoes a cancellation.
      if (paidUntil && (!known.currentPeriodEnd || paidUntil > known.currentPeriodEnd)) {
        await this.deps.subscriptions.updateState(known.id, { currentPeriodEnd: paidUntil }, tx);
      }
    } else {
      await this.deps.subscriptions.upsert(newSubscription(order, 'stripe', subscriptionId, paidUntil), tx);
    }
    if (!order.stripeSubscriptionId)
      await this.deps.orders.update(order.id, { stripeSubscriptionId: subscriptionId }, tx);
    if (order.flaggedAt) return flaggedBefore(order);
    // The first invoice is what the order's price bought. Renewals are not compared: a price the
    // operator changes on a running subscription in the Dashboard is the operator's decision.
    if (invoice.billing_reason === 'subscription_create') {
      const mismatch = termsMismatch(order, { amountCents: invoice.amount_paid, currency: invoice.currency });
      if (mismatch) return this.flag(order, mismatch, null, tx);
    }
    return guarded(this.deps.log, order, () =>
      this.deps.fulfilment.extendVip(
        order,
        {
          paymentKey: ledgerKeys.stripePayment(invoice.id),
          seconds: paidSeconds,
          renewal: invoice.billing_reason === 'subscription_cycle',
        },
        tx,
      ),
    );
  }

  private async subscriptionChanged(subscription: Stripe.Subscription, tx: Db): Promise<Handled> {
    const order = await this.lockOrder(subscription.metadata.order_id, tx);
    if (!order) return { outcome: 'ignored: unknown order', orderId: null };
    const item = subscription.items.data[0];
    const ended = subscription.status === 'canceled' || subscription.ended_at != null;
    const known = await this.deps.subscriptions.lockByProviderId('stripe', subscription.id, tx);
    // Events can arrive out of order: an update never revives a subscription already ended.
    if (known?.endedAt && !ended) return { outcome: 'ignored: subscription already ended', orderId: order.id };
    await this.deps.subscriptions.upsert(
      {
        ...newSubscription(order, 'stripe', subscription.id, toDate(item?.current_period_end)),
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
        endedAt: ended ? (toDate(subscription.ended_at) ?? this.deps.clock()) : null,
      },
      tx,
    );
    if (!ended) return { outcome: `subscription ${subscription.status}`, orderId: order.id };
    const periodEnd = item?.current_period_end ?? 0;
    const unused = Math.max(0, periodEnd - Math.floor(this.deps.clock().getTime() / 1000));
    return guarded(this.deps.log, order, () =>
      this.deps.fulfilment.endSubscription(order, subscription.id, unused, tx),
    );
  }

  /**
   * A refund's status, for a refund asked from the console (its metadata names the row) or made in
   * the Dashboard. It moves nothing itself: charge.refunded takes back what the refund paid for.
   */
  private async refundChanged(refund: Stripe.Refund, target: PaymentTarget, tx: Db): Promise<Handled> {
    const state = refundStateOf(refund);
    if (state.orderRefundId === null) return this.dashboardRefund(refund, state, target, tx);
    const row = await this.deps.refunds.findById(state.orderRefundId, tx);
    if (!row) return { outcome: 'ignored: unknown console refund', orderId: null };
    const saved = await this.deps.refunds.recordAnswer(
      row.id,
      { providerRefundId: state.id, status: state.status, failureReason: state.failureReason },
      this.deps.clock(),
      tx,
    );
    return {
      outcome: saved ? `refund ${row.id} ${state.status}` : `ignored: refund ${row.id} already ${row.status}`,
      orderId: row.orderId,
    };
  }

  /**
   * A refund made in the Dashboard (no console row in its metadata) is recorded as an order_refunds
   * row without an operator, and kept current by its later events like a console refund, so what
   * the console shows as left to refund, and allows, counts it. A plan's refund counts only when it
   * refunds the plan's first payment, the one the console refunds. Events come in any order: the
   * first one about the refund writes the row, under the order's lock.
   */
  private async dashboardRefund(
    refund: Stripe.Refund,
    state: RefundState,
    target: PaymentTarget,
    tx: Db,
  ): Promise<Handled> {
    const order = await this.lockRefundedOrder(target, tx);
    if (!order) return { outcome: "ignored: refund of no order's first payment", orderId: null };
    const known = await this.deps.refunds.findByProviderRefundId(state.id, tx);
    if (known) {
      const saved = await this.deps.refunds.recordAnswer(
        known.id,
        { status: state.status, failureReason: state.failureReason },
        this.deps.clock(),
        tx,
      );
      return {
        outcome: saved ? `refund ${known.id} ${state.status}` : `ignored: refund ${known.id} already ${known.status}`,
        orderId: order.id,
      };
    }
    const row = await this.deps.refunds.insert(
      {
        orderId: order.id,
        amountCents: refund.amount,
        currency: order.currency,
        status: state.status,
        providerRefundId: state.id,
        operatorId: null,
        reason: refund.reason ?? '',
        failureReason: state.failureReason,
      },
      tx,
    );
    return { outcome: `refund ${row.id} made in the Dashboard recorded: ${state.status}`, orderId: order.id };
  }

  /** The order whose payment a refund returns: a pack's, or a plan's whose first invoice it is. */
  private async lockRefundedOrder(target: PaymentTarget, tx: Db): Promise<OrderRow | undefined> {
    if (target.kind === 'pack') return this.lockOrder(target.orderPublicId, tx);
    if (target.kind !== 'invoice') return undefined;
    const entry = await this.deps.vipEntries.findByProviderKey(
      ledgerKeys.vipPayment(ledgerKeys.stripePayment(target.invoiceId)),
      tx,
    );
    if (entry?.kind !== 'purchase' || !entry.orderId) return undefined;
    return this.deps.orders.lockById(entry.orderId, tx);
  }

  private async reverse(target: PaymentTarget, share: number, key: string, tx: Db): Promise<Handled> {
    if (target.kind === 'pack') {
      const order = await this.lockOrder(target.orderPublicId, tx);
      if (!order) return { outcome: 'ignored: unknown order', orderId: null };
      return guarded(this.deps.log, order, () => this.deps.fulfilment.reversePack(order, share, key, tx));
    }
    if (target.kind === 'invoice') {
      const entry = await this.deps.vipEntries.findByProviderKey(
        ledgerKeys.vipPayment(ledgerKeys.stripePayment(target.invoiceId)),
        tx,
      );
      const order = entry?.orderId ? await this.deps.orders.lockById(entry.orderId, tx) : undefined;
      if (!entry || !order) return { outcome: 'ignored: invoice never fulfilled', orderId: null };
      const first = entry.kind === 'purchase';
      return guarded(this.deps.log, order, () =>
        this.deps.fulfilment.reverseVip(order, ledgerKeys.stripePayment(target.invoiceId), entry.seconds, first, tx),
      );
    }
    return { outcome: 'ignored: payment of no order', orderId: null };
  }

  /**
   * For refunds and disputes: the order or invoice a payment intent paid. A refund event needs it
   * only for a Dashboard refund: a console refund's metadata names its row.
   */
  private async paymentTargetOf(event: Stripe.Event): Promise<PaymentTarget> {
    const paymentIntentId =
      event.type === 'charge.refunded' || event.type === 'charge.dispute.created'
        ? idOf(event.data.object.payment_intent)
        : (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') &&
            refundStateOf(event.data.object).orderRefundId === null
          ? idOf(event.data.object.payment_intent)
          : null;
    if (!paymentIntentId) return { kind: 'unknown' };
    const order = await this.deps.orders.findByPaymentIntent(paymentIntentId);
    if (order) return { kind: 'pack', orderPublicId: order.publicId };
    const invoiceId = await this.deps.stripe.invoiceOfPaymentIntent(paymentIntentId);
    return invoiceId ? { kind: 'invoice', invoiceId } : { kind: 'unknown' };
  }

  /** Grants nothing for a payment that differs from the order's terms; the event is still answered 200. */
  private async flag(order: OrderRow, mismatch: string, paymentIntentId: string | null, tx: Db): Promise<Handled> {
    this.deps.log.error(
      { order: order.publicId, reason: mismatch },
      'Stripe payment differs from the order: nothing granted, order flagged for support',
    );
    const outcome = await this.deps.fulfilment.flagForSupport(order, mismatch, tx, paymentIntentId);
    return { outcome, orderId: order.id };
  }

  private lockOrder(publicId: string | null | undefined, tx: Db): Promise<OrderRow | undefined> {
    if (!publicId || !/^ord_[A-Za-z0-9]{16,40}$/.test(publicId)) return Promise.resolve(undefined);
    return this.deps.orders.lockByPublicId(publicId, tx);
  }
}
