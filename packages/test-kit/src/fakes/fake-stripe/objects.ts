/**
 * Builders for the Stripe objects the fake hands out, typed against the installed SDK so that a
 * field the API version has (or no longer has) shows up as a compile error here, not as a
 * surprise against real Stripe.
 */
import Stripe from 'stripe';
import { idOf, stripeId } from './protocol.js';

export type Interval = Stripe.Price.Recurring.Interval;

const decimal = (value: number) => Stripe.Decimal.from(String(value));

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

export function customer(now: number, metadata: Record<string, string>, email: string | null): Stripe.Customer {
  return {
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email,
    invoice_prefix: stripeId('X', 8).slice(2).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export interface PriceInput {
  id?: string;
  unitAmount: number;
  currency?: string;
  productName: string;
  recurring?: { interval: Interval; interval_count?: number };
}

export interface PriceRecord {
  price: Stripe.Price;
  productName: string;
}

export function price(now: number, input: PriceInput): PriceRecord {
  return {
    productName: input.productName,
    price: {
      id: input.id ?? stripeId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now,
      currency: input.currency ?? 'usd',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: stripeId('prod', 14),
      recurring: input.recurring
        ? {
            interval: input.recurring.interval,
            interval_count: input.recurring.interval_count ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: decimal(input.unitAmount),
    },
  };
}

/** The legacy `plan` every subscription item still carries, mirroring its recurring price. */
export function planOf(p: Stripe.Price): Stripe.Plan {
  const recurring = p.recurring!;
  return {
    id: p.id,
    object: 'plan',
    active: true,
    amount: p.unit_amount,
    amount_decimal: p.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: p.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export interface SessionInput {
  id: string;
  url: string;
  mode: Stripe.Checkout.Session.Mode;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amount: number;
  currency: string;
  successUrl: string | null;
  cancelUrl: string | null;
}

export function checkoutSession(now: number, input: SessionInput): Stripe.Checkout.Session {
  return {
    id: input.id,
    object: 'checkout.session',
    adaptive_pricing: input.mode === 'payment' ? { enabled: true } : null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer ? null : input.mode === 'payment' ? 'if_required' : 'always',
    customer_details: input.customerEmail
      ? {
          address: null,
          business_name: null,
          email: input.customerEmail,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: null,
        }
      : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: now + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: input.mode === 'payment' ? { enabled: false, invoice_data: emptyInvoiceData() } : null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: input.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: input.url,
    wallet_options: null,
  };
}

function emptyInvoiceData(): Stripe.Checkout.Session.InvoiceCreation.InvoiceData {
  return {
    account_tax_ids: null,
    custom_fields: null,
    description: null,
    footer: null,
    issuer: null,
    metadata: {},
    rendering_options: null,
  };
}

export interface PaymentInput {
  amount: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  description: string | null;
}

/** A succeeded card PaymentIntent and its captured Charge, as a completed checkout leaves them. */
export function payment(now: number, input: PaymentInput): { intent: Stripe.PaymentIntent; charge: Stripe.Charge } {
  const intentId = stripeId('pi');
  const chargeId = stripeId('ch');
  const paymentMethod = stripeId('pm');
  const intent: Stripe.PaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: input.amount,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${intentId}_secret_${stripeId('x', 24).slice(2)}`,
    confirmation_method: 'automatic',
    created: now,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: chargeId,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  const charge: Stripe.Charge = {
    id: chargeId,
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: stripeId('txn'),
    billing_details: {
      address: { city: null, country: 'US', line1: null, line2: null, postal_code: '42424', state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'CLIFFHANGER',
    captured: true,
    created: now,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: { ...input.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: intentId,
    payment_method: paymentMethod,
    // The card block has dozens of nullable fields; these are the ones integrations read.
    payment_method_details: {
      type: 'card',
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        last4: '4242',
        network: 'visa',
      },
    } as unknown as Stripe.Charge.PaymentMethodDetails,
    receipt_email: null,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${chargeId}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  return { intent, charge };
}

export interface SubscriptionInput {
  customer: string;
  metadata: Record<string, string>;
  prices: Array<{ price: Stripe.Price; quantity: number }>;
  start: number;
}

export function subscription(input: SubscriptionInput): Stripe.Subscription {
  const id = stripeId('sub');
  const first = input.prices[0]!.price.recurring!;
  const items: Stripe.SubscriptionItem[] = input.prices.map(({ price: p, quantity }) => ({
    id: stripeId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.start,
    current_period_end: addIntervals(input.start, first.interval, first.interval_count),
    current_period_start: input.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(p),
    price: p,
    quantity,
    subscription: id,
    tax_rates: [],
  }));
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: input.start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.start,
    currency: input.prices[0]!.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: stripeId('pm'),
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.start,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export interface InvoiceInput {
  subscription: Stripe.Subscription;
  billingReason: 'subscription_create' | 'subscription_cycle';
  productNames: ReadonlyMap<string, string>;
  number: string;
  now: number;
  /** The invoice's own period: the instant of creation for the first, the period just ended for a renewal. */
  period: { start: number; end: number };
  hostedBase: string;
}

/** A paid subscription invoice: one line per item, linked to its subscription through `parent`. */
export function invoice(input: InvoiceInput): Stripe.Invoice {
  const { subscription: sub, now } = input;
  const id = stripeId('in');
  const lines: Stripe.InvoiceLineItem[] = sub.items.data.map((item) => {
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    return {
      id: stripeId('il'),
      object: 'line_item',
      amount,
      currency: sub.currency,
      description: `${item.quantity ?? 1} × ${input.productNames.get(item.price.id) ?? idOf(item.price.product)}`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { end: item.current_period_end, start: item.current_period_start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: idOf(item.price.product) },
        type: 'price_details',
        unit_amount_decimal: item.price.unit_amount_decimal,
      },
      quantity: item.quantity ?? 1,
      quantity_decimal: decimal(item.quantity ?? 1),
      subscription: sub.id,
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Cliffhanger',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: total,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: sub.currency,
    custom_fields: null,
    customer: sub.customer,
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${input.hostedBase}/invoices/${id}`,
    invoice_pdf: `${input.hostedBase}/invoices/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}

export function invoicePayment(now: number, inv: Stripe.Invoice, intent: Stripe.PaymentIntent): Stripe.InvoicePayment {
  return {
    id: stripeId('inpay'),
    object: 'invoice_payment',
    amount_paid: inv.amount_paid,
    amount_requested: inv.amount_due,
    created: now,
    currency: inv.currency,
    invoice: inv.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.id, type: 'payment_intent' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: now },
  };
}

const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

export function dispute(now: number, charge: Stripe.Charge, amount: number, reason: string): Stripe.Dispute {
  const evidence = Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null]));
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...evidence, enhanced_evidence: {} } as unknown as Stripe.Dispute.Evidence,
    evidence_details: {
      due_by: now + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: null,
    } as unknown as Stripe.Dispute.EvidenceDetails,
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    reason,
    status: 'needs_response',
  };
}

export function portalSession(
  now: number,
  url: string,
  id: string,
  cust: string,
  returnUrl: string | null,
): Stripe.BillingPortal.Session {
  return {
    id,
    object: 'billing_portal.session',
    configuration: stripeId('bpc'),
    created: now,
    customer: cust,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url,
  };
}

export function refund(now: number, charge: Stripe.Charge, amount: number): Stripe.Refund {
  return {
    id: stripeId('re'),
    object: 'refund',
    amount,
    balance_transaction: stripeId('txn'),
    charge: charge.id,
    created: now,
    currency: charge.currency,
    customer: typeof charge.customer === 'string' ? charge.customer : null,
    customer_account: null,
    metadata: {},
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function lineItem(record: PriceRecord, quantity: number): Stripe.LineItem {
  const amount = (record.price.unit_amount ?? 0) * quantity;
  return {
    id: stripeId('li'),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: record.price.currency,
    description: record.productName,
    metadata: {},
    price: record.price,
    quantity,
  };
}
