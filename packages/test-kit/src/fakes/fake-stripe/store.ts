/**
 * The fake's account state and the things Stripe does to it (complete a checkout, renew, refund,
 * dispute, cancel). Operations mutate the stored objects and return the events Stripe would emit,
 * in Stripe's order; sending them is the caller's job.
 */
import type Stripe from 'stripe';
import * as build from './objects.js';
import { idOf, stripeId } from './protocol.js';

/** An event before it has an id and a request: what happened, to which object. */
export interface PendingEvent {
  type: Stripe.Event.Type;
  object: { id: string; object: string };
  previous?: Record<string, unknown>;
}

export type CheckoutOrder = 'invoice-first' | 'session-first';
export type RenewOrder = 'invoice-first' | 'subscription-first';

export interface SessionExtras {
  lines: Array<{ record: build.PriceRecord; quantity: number }>;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  paymentIntentDescription: string | null;
}

/** JSON round trip: what the wire carries (decimals become strings), detached from later changes. */
export const snapshot = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function createStore(nowSec: () => number, baseUrl: () => string) {
  const customers = new Map<string, Stripe.Customer>();
  const prices = new Map<string, build.PriceRecord>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const sessionExtras = new Map<string, SessionExtras>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const periodIndex = new Map<string, number>();
  const invoices = new Map<string, Stripe.Invoice>();
  const invoicePayments = new Map<string, Stripe.InvoicePayment>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const disputes = new Map<string, Stripe.Dispute>();
  const portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  const productNames = new Map<string, string>();

  const addPrice = (input: build.PriceInput): Stripe.Price => {
    const record = build.price(nowSec(), input);
    prices.set(record.price.id, record);
    productNames.set(record.price.id, record.productName);
    return record.price;
  };

  const createCustomer = (metadata: Record<string, string>, email: string | null): Stripe.Customer => {
    const created = build.customer(nowSec(), metadata, email);
    customers.set(created.id, created);
    return created;
  };

  const pay = (
    amount: number,
    currency: string,
    customer: string | null,
    metadata: Record<string, string>,
    description: string | null,
  ) => {
    const { intent, charge } = build.payment(nowSec(), { amount, currency, customer, metadata, description });
    paymentIntents.set(intent.id, intent);
    charges.set(charge.id, charge);
    return { intent, charge };
  };

  const billSubscription = (
    sub: Stripe.Subscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
    period: { start: number; end: number },
  ) => {
    const customer = customers.get(idOf(sub.customer))!;
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const invoice = build.invoice({
      subscription: sub,
      billingReason,
      productNames,
      now: nowSec(),
      period,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      hostedBase: baseUrl(),
    });
    invoices.set(invoice.id, invoice);
    const description = billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update';
    const { intent, charge } = pay(invoice.amount_paid, invoice.currency, customer.id, {}, description);
    const link = build.invoicePayment(nowSec(), invoice, intent);
    invoicePayments.set(link.id, link);
    sub.latest_invoice = invoice.id;
    return { invoice, intent, charge };
  };

  const openSession = (id: string): Stripe.Checkout.Session => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake-stripe: no checkout session ${id}`);
    if (session.status !== 'open')
      throw new Error(`fake-stripe: checkout session ${id} is ${session.status}, not open`);
    return session;
  };

  const liveSubscription = (id: string): Stripe.Subscription => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake-stripe: no subscription ${id}`);
    if (sub.status === 'canceled') throw new Error(`fake-stripe: subscription ${id} is already canceled`);
    return sub;
  };

  const chargeOf = (paymentIntentId: string): Stripe.Charge => {
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
    invoices,
    invoicePayments,
    paymentIntents,
    charges,
    refunds,
    disputes,
    portalSessions,
    addPrice,
    createCustomer,

    completeCheckout(sessionId: string, order: CheckoutOrder) {
      const session = openSession(sessionId);
      const extras = sessionExtras.get(sessionId)!;
      const now = nowSec();
      const events: PendingEvent[] = [];
      let customerId = typeof session.customer === 'string' ? session.customer : null;
      const email = session.customer_email ?? (customerId ? (customers.get(customerId)?.email ?? null) : null);
      const result: {
        session: Stripe.Checkout.Session;
        paymentIntent?: Stripe.PaymentIntent;
        charge?: Stripe.Charge;
        subscription?: Stripe.Subscription;
        invoice?: Stripe.Invoice;
      } = { session };

      if (session.mode === 'subscription') {
        if (!customerId) customerId = createCustomer({}, email).id;
        const sub = build.subscription({
          customer: customerId,
          metadata: extras.subscriptionMetadata,
          prices: extras.lines.map((line) => ({ price: line.record.price, quantity: line.quantity })),
          start: now,
        });
        subscriptions.set(sub.id, sub);
        periodIndex.set(sub.id, 0);
        const { invoice, intent, charge } = billSubscription(sub, 'subscription_create', { start: now, end: now });
        Object.assign(session, { subscription: sub.id, invoice: invoice.id, customer: customerId });
        Object.assign(result, { subscription: sub, invoice, paymentIntent: intent, charge });
        events.push({ type: 'customer.subscription.created', object: sub }, { type: 'invoice.paid', object: invoice });
      } else {
        const { intent, charge } = pay(
          session.amount_total ?? 0,
          session.currency ?? 'usd',
          customerId,
          extras.paymentIntentMetadata,
          extras.paymentIntentDescription,
        );
        session.payment_intent = intent.id;
        Object.assign(result, { paymentIntent: intent, charge });
      }
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer_details = {
        address: { city: null, country: 'US', line1: null, line2: null, postal_code: '42424', state: null },
        business_name: null,
        email,
        individual_name: null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      };
      const completed: PendingEvent = { type: 'checkout.session.completed', object: session };
      if (order === 'session-first') events.unshift(completed);
      else events.push(completed);
      return { ...result, events };
    },

    expireSession(sessionId: string) {
      const session = openSession(sessionId);
      session.status = 'expired';
      session.url = null;
      return { session, events: [{ type: 'checkout.session.expired', object: session }] as PendingEvent[] };
    },

    renew(subscriptionId: string, order: RenewOrder) {
      const sub = liveSubscription(subscriptionId);
      if (sub.cancel_at_period_end) {
        throw new Error(
          `fake-stripe: subscription ${subscriptionId} is set to cancel at period end; use endSubscription`,
        );
      }
      const previous = snapshot({ items: sub.items, latest_invoice: sub.latest_invoice });
      const index = (periodIndex.get(sub.id) ?? 0) + 1;
      periodIndex.set(sub.id, index);
      const ended = { start: sub.items.data[0]!.current_period_start, end: sub.items.data[0]!.current_period_end };
      for (const item of sub.items.data) {
        const { interval, interval_count } = item.price.recurring!;
        item.current_period_start = item.current_period_end;
        item.current_period_end = build.addIntervals(sub.billing_cycle_anchor, interval, interval_count * (index + 1));
      }
      const { invoice, intent, charge } = billSubscription(sub, 'subscription_cycle', ended);
      const paid: PendingEvent = { type: 'invoice.paid', object: invoice };
      const updated: PendingEvent = { type: 'customer.subscription.updated', object: sub, previous };
      return {
        subscription: sub,
        invoice,
        paymentIntent: intent,
        charge,
        events: order === 'invoice-first' ? [paid, updated] : [updated, paid],
      };
    },

    refund(paymentIntentId: string, amount?: number) {
      const charge = chargeOf(paymentIntentId);
      const remaining = charge.amount - charge.amount_refunded;
      const value = amount ?? remaining;
      if (!Number.isInteger(value) || value <= 0 || value > remaining) {
        throw new Error(`fake-stripe: cannot refund ${value} of ${paymentIntentId}; ${remaining} is refundable`);
      }
      const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
      const created = build.refund(nowSec(), charge, value);
      refunds.set(created.id, created);
      charge.amount_refunded += value;
      charge.refunded = charge.amount_refunded === charge.amount;
      return {
        charge,
        refund: created,
        events: [{ type: 'charge.refunded', object: charge, previous }] as PendingEvent[],
      };
    },

    dispute(paymentIntentId: string, reason: string, amount?: number) {
      const charge = chargeOf(paymentIntentId);
      const created = build.dispute(nowSec(), charge, amount ?? charge.amount, reason);
      disputes.set(created.id, created);
      charge.disputed = true;
      return { dispute: created, events: [{ type: 'charge.dispute.created', object: created }] as PendingEvent[] };
    },

    closeDispute(disputeId: string, outcome: 'won' | 'lost') {
      const found = disputes.get(disputeId);
      if (!found) throw new Error(`fake-stripe: no dispute ${disputeId}`);
      if (found.status === 'won' || found.status === 'lost')
        throw new Error(`fake-stripe: dispute ${disputeId} is closed`);
      const previous = { status: found.status };
      found.status = outcome;
      found.evidence_details.has_evidence = true;
      return { dispute: found, events: [{ type: 'charge.dispute.closed', object: found, previous }] as PendingEvent[] };
    },

    /** Stripe ending the subscription: immediately via the API, or at the end of a cancelled period. */
    endSubscription(subscriptionId: string, reason: Stripe.Subscription.CancellationDetails.Reason) {
      const sub = liveSubscription(subscriptionId);
      const now = nowSec();
      sub.status = 'canceled';
      sub.ended_at = now;
      sub.canceled_at = sub.canceled_at ?? now;
      sub.cancel_at = sub.cancel_at ?? null;
      sub.cancellation_details = { ...sub.cancellation_details!, reason: sub.cancellation_details?.reason ?? reason };
      return { subscription: sub, events: [{ type: 'customer.subscription.deleted', object: sub }] as PendingEvent[] };
    },

    /** `cancel_at_period_end` set or cleared: Stripe records when and why, and emits an update. */
    setCancelAtPeriodEnd(sub: Stripe.Subscription, value: boolean): PendingEvent[] {
      if (sub.cancel_at_period_end === value) return [];
      const previous = snapshot({
        cancel_at: sub.cancel_at,
        cancel_at_period_end: sub.cancel_at_period_end,
        canceled_at: sub.canceled_at,
        cancellation_details: sub.cancellation_details,
      });
      sub.cancel_at_period_end = value;
      sub.cancel_at = value ? Math.max(...sub.items.data.map((item) => item.current_period_end)) : null;
      sub.canceled_at = value ? nowSec() : null;
      sub.cancellation_details = { ...sub.cancellation_details!, reason: value ? 'cancellation_requested' : null };
      return [{ type: 'customer.subscription.updated', object: sub, previous }];
    },

    createPortalSession(customer: string, returnUrl: string | null) {
      const id = stripeId('bps');
      const session = build.portalSession(nowSec(), `${baseUrl()}/billing-portal/${id}`, id, customer, returnUrl);
      portalSessions.set(id, session);
      return session;
    },
  };
}

export type Store = ReturnType<typeof createStore>;
