import { z } from 'zod';
import { orderIdSchema, productIdSchema, VIP_PERIODS } from '../endpoints/payments.js';
import { requiredReasonSchema } from './audit-reason.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * Orders and refunds in the console (docs/console.md#orders-and-refunds): finance searches orders,
 * reads one order's history, and refunds a Stripe order in full or in part through Stripe.
 */

export const ORDER_STATUSES = ['pending', 'fulfilled', 'failed', 'canceled', 'refunded'] as const;
export const ORDER_CHANNELS = ['stripe', 'apple'] as const;
export const ORDER_REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export const ORDERS_PAGE_MAX = 100;

const ORDERS_ACCESS = ['finance'] as const;

/** One order in the search's list. */
export const consoleOrderRowSchema = z.object({
  /** The order's public id (`ord_…`). */
  id: z.string(),
  uid: z.number().int(),
  product_id: z.string(),
  kind: z.enum(['vip', 'coins']),
  channel: z.enum(ORDER_CHANNELS),
  status: z.enum(ORDER_STATUSES),
  price_cents: z.number().int(),
  currency: z.string(),
  /** A provider reported a payment that differs from the order's terms; nothing was granted. */
  flagged: z.boolean(),
  created_at: z.string(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

/** A refund of the order's payment, asked from the console or made in Stripe's Dashboard, as Stripe last reported it. */
export const consoleRefundSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_REFUND_STATUSES),
  /** Stripe's refund id (`re_…`) once Stripe answered. */
  provider_refund_id: z.string().nullable(),
  /** Why it failed, as Stripe said. */
  failure_reason: z.string().nullable(),
  /** Who asked for it; null for a refund made in Stripe's Dashboard. */
  operator: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** The operator's reason; for a Dashboard refund, Stripe's reason code (empty when none was given). */
  reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleRefund = z.infer<typeof consoleRefundSchema>;

/** An order in full: its terms, what it granted and took back, and what may still be refunded. */
export const consoleOrderSchema = consoleOrderRowSchema.extend({
  period: z.enum(VIP_PERIODS).nullable(),
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  coins_credited: z.number().int(),
  coins_reversed: z.number().int(),
  /** Coins a refund should have taken back but the viewer had already spent. */
  coins_unrecovered: z.number().int(),
  vip_expires_at: z.string().nullable(),
  flag_reason: z.string().nullable(),
  fulfilled_at: z.string().nullable(),
  stripe_payment_intent_id: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
  /** Refunds that are pending or succeeded, in cents: asked from the console or made in Stripe's Dashboard. */
  refunds_held_cents: z.number().int(),
  /** What the console may still refund (the price less those refunds): 0 when the order cannot be refunded from here. */
  refundable_cents: z.number().int(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

const at = { at: z.string() };

/** What happened to an order, one kind of step each. */
export const orderTimelineEntrySchema = z.discriminatedUnion('kind', [
  /** The order was created (the viewer started a checkout or an in-app purchase). */
  z.object({ kind: z.literal('created'), ...at }),
  /**
   * A provider's notification about the order, handled once. Only verified ones are recorded: a
   * Stripe event whose signature failed, or an App Store message whose signature chain failed, was
   * refused before it got a row.
   */
  z.object({
    kind: z.literal('provider_event'),
    ...at,
    provider: z.enum(ORDER_CHANNELS),
    event_id: z.string(),
    type: z.string(),
    outcome: z.string(),
  }),
  /** A coin ledger entry for the order: the pack's credit, or a reversal after a refund or dispute. */
  z.object({
    kind: z.literal('coins'),
    ...at,
    entry_id: z.number().int(),
    wallet_kind: z.string(),
    amount: z.number().int(),
    balance_after: z.number().int(),
    key: z.string(),
  }),
  /** A VIP ledger entry for the order: a paid period, a reversal, a subscription's end. */
  z.object({
    kind: z.literal('vip'),
    ...at,
    entry_id: z.number().int(),
    vip_kind: z.string(),
    seconds: z.number().int(),
    expires_after: z.string(),
    key: z.string(),
  }),
  /** A refund of the payment (its current status; its amount and who asked: null when made in Stripe's Dashboard). */
  z.object({
    kind: z.literal('refund'),
    ...at,
    refund_id: z.number().int(),
    amount_cents: z.number().int(),
    status: z.enum(ORDER_REFUND_STATUSES),
    operator_email: z.string().nullable(),
  }),
]);
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const consoleOrderDetailSchema = z.object({
  order: consoleOrderSchema,
  /** Oldest first. */
  timeline: z.array(orderTimelineEntrySchema),
  /** Newest first. */
  refunds: z.array(consoleRefundSchema),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

/**
 * The search's filters combine (AND). `cursor` is the previous page's `next_cursor`: pages are
 * keyed by (created_at, id), newest first, so orders created while finance reads do not shift them.
 */
export const ordersQuerySchema = z
  .object({
    /** Exactly this order. */
    order_id: orderIdSchema.optional(),
    uid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    channel: z.enum(ORDER_CHANNELS).optional(),
    product_id: productIdSchema.optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    /** Created at or after this moment ... */
    from: z.iso.datetime({ offset: true }).optional(),
    /** ... and before this one. */
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: orderIdSchema.optional(),
    size: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).default(50),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    error: 'must be after from',
  });
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

const orderParams = z.object({ id: orderIdSchema });

export const consoleSearchOrders = defineConsoleEndpoint({
  method: 'GET',
  path: '/orders',
  access: ORDERS_ACCESS,
  summary: 'Orders newest first, by order id, uid, channel, product, status and creation time (keyset pages)',
  query: ordersQuerySchema,
  data: z.object({ list: z.array(consoleOrderRowSchema), next_cursor: z.string().nullable() }),
});

export const consoleGetOrder = defineConsoleEndpoint({
  method: 'GET',
  path: '/orders/:id',
  access: ORDERS_ACCESS,
  summary: "An order, its timeline (provider notifications, ledger entries, refunds) and the console's refunds",
  params: orderParams,
  data: consoleOrderDetailSchema,
});

export const refundRequestSchema = z.strictObject({
  amount_cents: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be whole cents' })
    .min(1, { error: 'must be at least 1 cent' })
    .max(99_999_999, { error: 'must be at most 99999999 cents' }),
  reason: requiredReasonSchema,
});

export const consoleRefundOrder = defineConsoleEndpoint({
  method: 'POST',
  path: '/orders/:id/refunds',
  access: ORDERS_ACCESS,
  freshTotp: true,
  summary: 'Refunds a Stripe order in full or in part through Stripe; coins and VIP follow through the webhook',
  params: orderParams,
  body: refundRequestSchema,
  data: consoleRefundSchema,
});
