/**
 * The fake's account state and the things Stripe does to it (complete a checkout, renew, refund,
 * dispute, cancel). Operations mutate the stored objects and return the events Stripe would emit,
 * in Stripe's order; sending them is the caller's job.
 */
import type Stripe from 'stripe';
import * as build from './objects.js';
import { idOf, StripeApiError } from './protocol.js';

/** An event before it has an id: what happened, to which object. */
export interface PendingEvent {
  type: Stripe.Event.Type;
  object: { id: string; object: string };
}

interface SessionExtras {
  lines: Array<{ record: build.PriceRecord; quantity: number }>;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

/** JSON round trip: what the wire carries, detached from later changes. */
export const snapshot = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function createStore(nowSec: () => number, baseUrl: () => string) {
  const customers = new Map<string, build.FakeCustomer>();
  const prices = new Map<string, build.PriceRecord>();
  const sessions = new Map<string, build.FakeCheckoutSession>();
  const sessionExtras = new Map<string, SessionExtras>();
  const subscriptions = new Map<string, build.FakeSubscription>();
  const periodIndex = new Map<string, number>();
  const invoicePayments = new Map<string, build.FakeInvoicePayment>();
  const paymentIntents = new Map<string, build.FakePaymentIntent>();
  const charges = new Map<string, build.FakeCharge>();
  const refunds = new Map<string, build.FakeRefund>();

  const addPrice = (input: build.PriceInput): build.PriceRecord => {
    const record = build.price(input);
    prices.set(record.price.id, record);
    return record;
  };

  const createCustomer = (metadata: Record<string, string>): build.FakeCustomer => {
    const created = build.customer(nowSec(), metadata);
    customers.set(created.id, created);
    return created;
  };

  const pay = (amount: number, currency: string, customer: string | null, metadata: Record<string, string>) => {
    const { intent, charge } = build.payment({ amount, currency, customer, metadata });
    paymentIntents.set(intent.id, intent);
    charges.set(charge.id, charge);
    return { intent, charge };
  };

  const billSubscription = (
    sub: build.FakeSubscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
    period: { start: number; end: number },
  ) => {
    const invoice = build.invoice({ subscription: sub, billingReason, now: nowSec(), period });
    const { intent, charge } = pay(invoice.amount_paid, invoice.currency, idOf(sub.customer), {});
    const link = build.invoicePayment(invoice, intent);
    invoicePayments.set(link.id, link);
    sub.latest_invoice = invoice.id;
    return { invoice, intent, charge };
  };

  const openSession = (id: string): build.FakeCheckoutSession => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake-stripe: no checkout session ${id}`);
    if (session.status !== 'open')
      throw new Error(`fake-stripe: checkout session ${id} is ${session.status}, not open`);
    return session;
  };

  const liveSubscription = (id: string): build.FakeSubscription => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake-stripe: no subscription ${id}`);
    if (sub.status === 'canceled') throw new Error(`fake-stripe: subscription ${id} is already canceled`);
    return sub;
  };

  const chargeOf = (paymentIntentId: string): build.FakeCharge => {
    const intent = paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`fake-stripe: no payment intent ${paymentIntentId}`);
    return charges.get(idOf(intent.latest_charge))!;
  };

  return {
    customers,
    prices,
    sessions,
    sessionExtras,
    subscriptions,
    invoicePayments,
    paymentIntents,
    refunds,
    addPrice,

    createCustomer,

    completeCheckout(sessionId: string) {
      const session = openSession(sessionId);
      const extras = sessionExtras.get(sessionId)!;
      const events: PendingEvent[] = [];
      const result: {
        session: build.FakeCheckoutSession;
        paymentIntent?: build.FakePaymentIntent;
        charge?: build.FakeCharge;
        subscription?: build.FakeSubscription;
        invoice?: build.FakeInvoice;
      } = { session };
      const customerId = idOf(session.customer) || null;

      if (session.mode === 'subscription') {
        const now = nowSec();
        const sub = build.subscription({
          // The app always names its customer; Stripe would make one here otherwise.
          customer: customerId ?? createCustomer({}).id,
          metadata: extras.subscriptionMetadata,
          prices: extras.lines.map((line) => ({ price: line.record.price, quantity: line.quantity })),
          start: now,
        });
        subscriptions.set(sub.id, sub);
        periodIndex.set(sub.id, 0);
        const { invoice, intent, charge } = billSubscription(sub, 'subscription_create', { start: now, end: now });
        Object.assign(session, { subscription: sub.id, invoice: invoice.id, customer: sub.customer });
        Object.assign(result, { subscription: sub, invoice, paymentIntent: intent, charge });
        events.push({ type: 'customer.subscription.created', object: sub }, { type: 'invoice.paid', object: invoice });
      } else {
        const { intent, charge } = pay(
          session.amount_total ?? 0,
          session.currency ?? 'usd',
          customerId,
          extras.paymentIntentMetadata,
        );
        session.payment_intent = intent.id;
        Object.assign(result, { paymentIntent: intent, charge });
      }
      session.status = 'complete';
      session.payment_status = 'paid';
      // Stripe's usual order for a subscription: the invoice's events before the session's.
      events.push({ type: 'checkout.session.completed', object: session });
      return { ...result, events };
    },

    expireSession(sessionId: string) {
      const session = openSession(sessionId);
      session.status = 'expired';
      session.url = null;
      return { session, events: [{ type: 'checkout.session.expired', object: session }] as PendingEvent[] };
    },

    renew(subscriptionId: string) {
      const sub = liveSubscription(subscriptionId);
      if (sub.cancel_at_period_end) {
        throw new Error(
          `fake-stripe: subscription ${subscriptionId} is set to cancel at period end; use endSubscription`,
        );
      }
      const index = (periodIndex.get(sub.id) ?? 0) + 1;
      periodIndex.set(sub.id, index);
      const ended = { start: sub.items.data[0]!.current_period_start, end: sub.items.data[0]!.current_period_end };
      for (const item of sub.items.data) {
        const { interval, interval_count } = item.price.recurring!;
        item.current_period_start = item.current_period_end;
        item.current_period_end = build.addIntervals(sub.billing_cycle_anchor, interval, interval_count * (index + 1));
      }
      const { invoice, intent, charge } = billSubscription(sub, 'subscription_cycle', ended);
      return {
        subscription: sub,
        invoice,
        paymentIntent: intent,
        charge,
        events: [
          { type: 'invoice.paid', object: invoice },
          { type: 'customer.subscription.updated', object: sub },
        ] as PendingEvent[],
      };
    },

    /** A refund made in the Dashboard: a refund object without metadata, `charge.refunded` and `refund.created`. */
    refund(paymentIntentId: string, amount?: number) {
      const charge = chargeOf(paymentIntentId);
      const remaining = charge.amount - charge.amount_refunded;
      const value = amount ?? remaining;
      if (!Number.isInteger(value) || value <= 0 || value > remaining) {
        throw new Error(`fake-stripe: cannot refund ${value} of ${paymentIntentId}; ${remaining} is refundable`);
      }
      charge.amount_refunded += value;
      charge.refunded = charge.amount_refunded === charge.amount;
      const created = build.refund(charge, value, nowSec(), {});
      refunds.set(created.id, created);
      return {
        charge,
        refund: created,
        events: [
          { type: 'charge.refunded', object: charge },
          { type: 'refund.created', object: created },
        ] as PendingEvent[],
      };
    },

    /**
     * `POST /v1/refunds`: a refund object for `amount` of the payment (all that is left when
     * undefined), refused as Stripe refuses one larger than what is left. Stripe sends
     * `charge.refunded` (what the app reverses by) and `refund.created`.
     */
    createRefund(paymentIntentId: string, amount: number | undefined, metadata: Record<string, string>) {
      const charge = chargeOf(paymentIntentId);
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining === 0) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Charge ${charge.id} has already been refunded.`,
          'charge_already_refunded',
        );
      }
      const value = amount ?? remaining;
      if (value > remaining) {
        const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Refund amount (${dollars(value)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
          'amount_too_large',
          'amount',
        );
      }
      charge.amount_refunded += value;
      charge.refunded = charge.amount_refunded === charge.amount;
      const created = build.refund(charge, value, nowSec(), metadata);
      refunds.set(created.id, created);
      return {
        refund: created,
        events: [
          { type: 'charge.refunded', object: charge },
          { type: 'refund.created', object: created },
        ] as PendingEvent[],
      };
    },

    /** The bank returned a refund Stripe had made: `refund.failed`, the money stays with the merchant. */
    failRefund(refundId: string, reason: string) {
      const found = refunds.get(refundId);
      if (!found) throw new Error(`fake-stripe: no refund ${refundId}`);
      found.status = 'failed';
      found.failure_reason = reason;
      const charge = charges.get(idOf(found.charge))!;
      charge.amount_refunded -= found.amount;
      charge.refunded = false;
      return { refund: found, events: [{ type: 'refund.failed', object: found }] as PendingEvent[] };
    },

    dispute(paymentIntentId: string) {
      const created = build.dispute(chargeOf(paymentIntentId));
      return { dispute: created, events: [{ type: 'charge.dispute.created', object: created }] as PendingEvent[] };
    },

    /** Stripe ending the subscription: immediately via the API, or at the end of a cancelled period. */
    endSubscription(subscriptionId: string) {
      const sub = liveSubscription(subscriptionId);
      sub.status = 'canceled';
      sub.ended_at = nowSec();
      return { subscription: sub, events: [{ type: 'customer.subscription.deleted', object: sub }] as PendingEvent[] };
    },

    /** `cancel_at_period_end` set or cleared: Stripe records when, and emits an update. */
    setCancelAtPeriodEnd(sub: build.FakeSubscription, value: boolean): PendingEvent[] {
      if (sub.cancel_at_period_end === value) return [];
      sub.cancel_at_period_end = value;
      sub.cancel_at = value ? Math.max(...sub.items.data.map((item) => item.current_period_end)) : null;
      return [{ type: 'customer.subscription.updated', object: sub }];
    },

    createPortalSession(customer: string, returnUrl: string | null) {
      return build.portalSession(baseUrl(), customer, returnUrl);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
