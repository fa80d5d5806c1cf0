/**
 * Builders for the Stripe objects the fake hands out. Each carries the fields the app's Stripe
 * code or a test reads, no more; each type is a `Pick` of the installed SDK's type, so a field
 * the API version renames or drops is a compile error here, not a surprise against real Stripe.
 */
import type Stripe from 'stripe';
import { stripeId } from './protocol.js';

export type Interval = Stripe.Price.Recurring.Interval;

type FakePrice = Pick<Stripe.Price, 'id' | 'object' | 'currency' | 'unit_amount'> & {
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'> | null;
};
export type FakeCustomer = Pick<Stripe.Customer, 'id' | 'object' | 'created' | 'metadata'>;
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'invoice'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'url'
>;
type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'current_period_end' | 'current_period_start' | 'quantity'
> & { price: FakePrice };
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'created'
  | 'currency'
  | 'customer'
  | 'ended_at'
  | 'latest_invoice'
  | 'metadata'
  | 'status'
> & { items: { object: 'list'; data: FakeSubscriptionItem[] } };
type FakeInvoiceLine = Pick<Stripe.InvoiceLineItem, 'id' | 'object' | 'amount' | 'period'>;
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_paid'
  | 'billing_reason'
  | 'created'
  | 'currency'
  | 'customer'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
> & { lines: { object: 'list'; data: FakeInvoiceLine[] } };
export type FakeInvoicePayment = Pick<
  Stripe.InvoicePayment,
  'id' | 'object' | 'amount_paid' | 'invoice' | 'payment' | 'status'
>;
export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'currency' | 'customer' | 'latest_charge' | 'metadata' | 'status'
>;
export type FakeCharge = Pick<
  Stripe.Charge,
  'id' | 'object' | 'amount' | 'amount_refunded' | 'currency' | 'payment_intent' | 'refunded'
>;
export type FakeRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'failure_reason'
  | 'metadata'
  | 'payment_intent'
  | 'status'
>;
export type FakeDispute = Pick<
  Stripe.Dispute,
  'id' | 'object' | 'amount' | 'charge' | 'currency' | 'payment_intent' | 'status'
>;
type FakePortalSession = Pick<Stripe.BillingPortal.Session, 'id' | 'object' | 'customer' | 'return_url' | 'url'>;

/** Stripe's calendar arithmetic: months keep the anchor's day, clamped to the month's last day. */
export function addIntervals(anchorSec: number, interval: Interval, count: number): number {
  const date = new Date(anchorSec * 1000);
  if (interval === 'day' || interval === 'week') {
    return anchorSec + count * (interval === 'day' ? 1 : 7) * 86_400;
  }
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}

export function customer(now: number, metadata: Record<string, string>): FakeCustomer {
  return { id: stripeId('cus', 14), object: 'customer', created: now, metadata };
}

export interface PriceInput {
  id?: string;
  unitAmount: number;
  currency?: string;
  productName: string;
  recurring?: { interval: Interval; interval_count?: number };
}

export interface PriceRecord {
  price: FakePrice;
  productName: string;
}

export function price(input: PriceInput): PriceRecord {
  return {
    productName: input.productName,
    price: {
      id: input.id ?? stripeId('price'),
      object: 'price',
      currency: input.currency ?? 'usd',
      unit_amount: input.unitAmount,
      recurring: input.recurring
        ? { interval: input.recurring.interval, interval_count: input.recurring.interval_count ?? 1 }
        : null,
    },
  };
}

interface SessionInput {
  id: string;
  url: string;
  mode: Stripe.Checkout.Session.Mode;
  customer: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amount: number;
  currency: string;
  successUrl: string | null;
  cancelUrl: string | null;
}

export function checkoutSession(now: number, input: SessionInput): FakeCheckoutSession {
  return {
    id: input.id,
    object: 'checkout.session',
    amount_total: input.amount,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created: now,
    currency: input.currency,
    customer: input.customer,
    invoice: null,
    metadata: input.metadata,
    mode: input.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: input.successUrl,
    url: input.url,
  };
}

interface PaymentInput {
  amount: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
}

/** A succeeded card PaymentIntent and its captured Charge, as a completed checkout leaves them. */
export function payment(input: PaymentInput): { intent: FakePaymentIntent; charge: FakeCharge } {
  const intentId = stripeId('pi');
  const chargeId = stripeId('ch');
  const intent: FakePaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    latest_charge: chargeId,
    metadata: input.metadata,
    status: 'succeeded',
  };
  const charge: FakeCharge = {
    id: chargeId,
    object: 'charge',
    amount: input.amount,
    amount_refunded: 0,
    currency: input.currency,
    payment_intent: intentId,
    refunded: false,
  };
  return { intent, charge };
}

interface SubscriptionInput {
  customer: string;
  metadata: Record<string, string>;
  prices: Array<{ price: FakePrice; quantity: number }>;
  start: number;
}

export function subscription(input: SubscriptionInput): FakeSubscription {
  const first = input.prices[0]!.price.recurring!;
  const items: FakeSubscriptionItem[] = input.prices.map(({ price: p, quantity }) => ({
    id: stripeId('si', 14),
    object: 'subscription_item',
    current_period_end: addIntervals(input.start, first.interval, first.interval_count),
    current_period_start: input.start,
    price: p,
    quantity,
  }));
  return {
    id: stripeId('sub'),
    object: 'subscription',
    billing_cycle_anchor: input.start,
    cancel_at: null,
    cancel_at_period_end: false,
    created: input.start,
    currency: input.prices[0]!.price.currency,
    customer: input.customer,
    ended_at: null,
    items: { object: 'list', data: items },
    latest_invoice: null,
    metadata: input.metadata,
    status: 'active',
  };
}

interface InvoiceInput {
  subscription: FakeSubscription;
  billingReason: 'subscription_create' | 'subscription_cycle';
  now: number;
  /** The invoice's own period: the instant of creation for the first, the period just ended for a renewal. */
  period: { start: number; end: number };
}

/** A paid subscription invoice: one line per item, linked to its subscription through `parent`. */
export function invoice(input: InvoiceInput): FakeInvoice {
  const { subscription: sub, now } = input;
  const lines: FakeInvoiceLine[] = sub.items.data.map((item) => ({
    id: stripeId('il'),
    object: 'line_item',
    amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    period: { end: item.current_period_end, start: item.current_period_start },
  }));
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_paid: lines.reduce((sum, line) => sum + line.amount, 0),
    billing_reason: input.billingReason,
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    lines: { object: 'list', data: lines },
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      type: 'subscription_details',
    },
    period_end: input.period.end,
    period_start: input.period.start,
    status: 'paid',
  };
}

export function invoicePayment(inv: FakeInvoice, intent: FakePaymentIntent): FakeInvoicePayment {
  return {
    id: stripeId('inpay'),
    object: 'invoice_payment',
    amount_paid: inv.amount_paid,
    invoice: inv.id,
    payment: { payment_intent: intent.id, type: 'payment_intent' },
    status: 'paid',
  };
}

/** A card refund: Stripe answers it `succeeded` at once. */
export function refund(charge: FakeCharge, amount: number, now: number, metadata: Record<string, string>): FakeRefund {
  return {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: now,
    currency: charge.currency,
    metadata,
    payment_intent: charge.payment_intent,
    status: 'succeeded',
  };
}

export function dispute(charge: FakeCharge): FakeDispute {
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount: charge.amount,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    status: 'needs_response',
  };
}

export function portalSession(baseUrl: string, cust: string, returnUrl: string | null): FakePortalSession {
  const id = stripeId('bps');
  return {
    id,
    object: 'billing_portal.session',
    customer: cust,
    return_url: returnUrl,
    url: `${baseUrl}/billing-portal/${id}`,
  };
}
