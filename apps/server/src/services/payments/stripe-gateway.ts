import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

/** What a Checkout Session sells: a Stripe price, or the price given inline. */
export type CheckoutLine =
  | { price: string }
  | {
      name: string;
      unitAmountCents: number;
      /** Set for a subscription: billed every `intervalCount` `interval`s. */
      recurring?: { interval: 'week' | 'month' | 'year'; intervalCount: number };
    };

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  customerId: string;
  orderId: string;
  userId: number;
  line: CheckoutLine;
  successUrl: string;
  cancelUrl: string;
}

/** A console refund as Stripe is asked for it (docs/console.md#orders-and-refunds). */
export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** The order_refunds row: its id makes the idempotency key, so a retried call never refunds twice. */
  refundId: number;
  orderPublicId: string;
}

/** A refund as Stripe reports it, in the order_refunds row's terms. */
export interface RefundState {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failureReason: string | null;
  /** The order_refunds row it was asked for, from its metadata (absent for a Dashboard refund). */
  orderRefundId: number | null;
}

/** Stripe's refund statuses in ours: `requires_action` (the customer must act) is still pending. */
export function refundStateOf(
  refund: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason' | 'metadata'>,
): RefundState {
  const status =
    refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled'
      ? refund.status
      : 'pending';
  const rowId = Number(refund.metadata?.order_refund_id);
  return {
    id: refund.id,
    status,
    failureReason: refund.failure_reason ?? null,
    orderRefundId: Number.isSafeInteger(rowId) && rowId > 0 ? rowId : null,
  };
}

/**
 * The Stripe calls the app makes, through the official SDK. One object per app; tests point
 * STRIPE_API_BASE at a local double that speaks the same protocol.
 */
export class StripeGateway {
  readonly client: Stripe;

  constructor(private readonly config: StripeConfig) {
    const base = new URL(config.apiBase);
    this.client = new Stripe(config.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      // Stripe's own retries reuse the idempotency key, so a retried create never makes two.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Cliffhanger' },
    });
  }

  async createCustomer(userId: number): Promise<string> {
    const customer = await this.client.customers.create(
      { metadata: { uid: String(userId) } },
      // Two purchases started at once by a user without a customer make one customer.
      { idempotencyKey: `customer-uid-${userId}` },
    );
    return customer.id;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = { order_id: request.orderId, uid: String(request.userId) };
    const line = request.line;
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem =
      'price' in line
        ? { price: line.price, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitAmountCents,
              product_data: { name: line.name },
              ...(line.recurring
                ? { recurring: { interval: line.recurring.interval, interval_count: line.recurring.intervalCount } }
                : {}),
            },
          };
    const session = await this.client.checkout.sessions.create(
      {
        mode: request.mode,
        customer: request.customerId,
        client_reference_id: request.orderId,
        metadata,
        line_items: [lineItem],
        ...(request.mode === 'subscription'
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `checkout-${request.orderId}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription> {
    return this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  /** Ends a subscription now (no further charges); Stripe then sends customer.subscription.deleted. */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.client.subscriptions.cancel(subscriptionId);
  }

  /** The invoice a payment intent paid, if it paid one (subscriptions); undefined for a one-time payment. */
  async invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | undefined> {
    const page = await this.client.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    const invoice = page.data[0]?.invoice;
    return typeof invoice === 'string' ? invoice : invoice?.id;
  }

  /** Refunds part or all of a payment; Stripe then sends charge.refunded, which takes back what it bought. */
  async refund(request: RefundRequest): Promise<RefundState> {
    const refund = await this.client.refunds.create(
      {
        payment_intent: request.paymentIntentId,
        amount: request.amountCents,
        metadata: { order_id: request.orderPublicId, order_refund_id: String(request.refundId) },
      },
      { idempotencyKey: `order-refund-${request.refundId}` },
    );
    return refundStateOf(refund);
  }

  /** The payment intent that paid an invoice (a subscription's first invoice is its order's payment). */
  async paymentIntentOfInvoice(invoiceId: string): Promise<string | undefined> {
    const page = await this.client.invoicePayments.list({ invoice: invoiceId, limit: 1 });
    const intent = page.data[0]?.payment.payment_intent;
    return typeof intent === 'string' ? intent : intent?.id;
  }

  /** Verifies a webhook's signature (and that it is at most 300 s old) and parses it; throws otherwise. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return this.client.webhooks.constructEvent(rawBody, signature ?? '', this.config.webhookSecret, 300);
  }
}
