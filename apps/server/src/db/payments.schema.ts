import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.schema.js';
import { userIdColumn } from './users.schema.js';

/**
 * Payments (docs/payments.md): what is for sale, orders, provider customers and
 * subscriptions, the notifications already handled, and the VIP ledger. Money is whole cents.
 */

/** VIP plans and coin packs. Changed by `npm run catalog -- products …` or the console (ProductAdminService), never by a deploy. */
export const products = pgTable(
  'products',
  {
    // Our id, e.g. `vip_month`, `coins_500`: what clients send back when buying.
    id: text('id').primaryKey(),
    kind: text('kind').$type<'vip' | 'coins'>().notNull(),
    // week | month | quarter | year for VIP; NULL for a coin pack.
    period: text('period').$type<'week' | 'month' | 'quarter' | 'year'>(),
    coins: integer('coins').notNull().default(0),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    // NULL: Checkout is given the price inline (price_data), so a fresh install sells without
    // creating prices in Stripe first.
    stripePriceId: text('stripe_price_id'),
    appleProductId: text('apple_product_id'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_apple_product_id_unique').on(table.appleProductId),
    check('products_kind_known', sql`${table.kind} IN ('vip', 'coins')`),
    check(
      'products_kind_shape',
      sql`(${table.kind} = 'vip' AND ${table.period} IN ('week', 'month', 'quarter', 'year') AND ${table.coins} = 0 AND ${table.bonusCoins} = 0) OR (${table.kind} = 'coins' AND ${table.period} IS NULL AND ${table.coins} > 0 AND ${table.bonusCoins} >= 0)`,
    ),
    check('products_price_positive', sql`${table.priceCents} > 0`),
  ],
);

/**
 * One purchase attempt. The product's terms are copied in, so a later price change never
 * alters what an open order delivers. `public_id` is what URLs carry: random, not a counter.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    userId: userIdColumn(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind').$type<'vip' | 'coins'>().notNull(),
    channel: text('channel').$type<'stripe' | 'apple'>().notNull(),
    status: text('status')
      .$type<'pending' | 'fulfilled' | 'failed' | 'canceled' | 'refunded'>()
      .notNull()
      .default('pending'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    period: text('period').$type<'week' | 'month' | 'quarter' | 'year'>(),
    coins: integer('coins').notNull().default(0),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    // Apple: the appAccountToken (UUID) StoreKit carries in the signed transaction.
    appAccountToken: text('app_account_token'),
    // What fulfilment and reversals did; the ledger entries are the record, these the summary.
    coinsCredited: integer('coins_credited').notNull().default(0),
    coinsReversed: integer('coins_reversed').notNull().default(0),
    // Coins a refund or dispute should have taken back but the balance no longer held.
    coinsUnrecovered: integer('coins_unrecovered').notNull().default(0),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    // Set when a provider reported a payment that differs from these terms (amount or currency):
    // nothing is granted for the order and support decides (refund, or credit by hand).
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    flagReason: text('flag_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_public_id_unique').on(table.publicId),
    uniqueIndex('orders_stripe_session_unique').on(table.stripeSessionId),
    uniqueIndex('orders_stripe_payment_intent_unique').on(table.stripePaymentIntentId),
    uniqueIndex('orders_app_account_token_unique').on(table.appAccountToken),
    index('orders_user_idx').on(table.userId, table.id),
    // The console's order search and the revenue figures read orders by time.
    index('orders_created_idx').on(table.createdAt),
    // Support lists the flagged orders; they are few, so the index holds only them.
    index('orders_flagged_idx')
      .on(table.flaggedAt)
      .where(sql`${table.flaggedAt} IS NOT NULL`),
    check('orders_kind_known', sql`${table.kind} IN ('vip', 'coins')`),
    check('orders_channel_known', sql`${table.channel} IN ('stripe', 'apple')`),
    check('orders_status_known', sql`${table.status} IN ('pending', 'fulfilled', 'failed', 'canceled', 'refunded')`),
    check(
      'orders_coins_range',
      sql`${table.coinsCredited} >= 0 AND ${table.coinsReversed} >= 0 AND ${table.coinsUnrecovered} >= 0 AND ${table.coinsReversed} + ${table.coinsUnrecovered} <= ${table.coinsCredited}`,
    ),
  ],
);

/** A user's customer at a provider (Stripe `cus_…`), reused for every purchase and the portal. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: userIdColumn(),
    provider: text('provider').$type<'stripe'>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex('payment_customers_customer_unique').on(table.provider, table.customerId),
  ],
);

/** A VIP subscription as the provider last reported it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    provider: text('provider').$type<'stripe' | 'apple'>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    // The order that started it; renewals are invoices of the same subscription.
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_id_unique').on(table.provider, table.providerSubscriptionId),
    index('subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Provider notifications already handled. Inserted in the same transaction as their effect, so
 * a redelivery (Stripe retries, or sends one event twice at once) finds its row and does nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<'stripe' | 'apple'>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    // What handling it did, for support: `credited`, `vip_extended`, `ignored: unknown order`, …
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    // The console's order timeline lists the notifications of one order.
    index('payment_events_order_idx').on(table.orderId),
  ],
);

/**
 * The VIP ledger: every change to users.vip_expires_at, append-only like the coin ledger
 * (migration 0005's trigger). `seconds` is signed; the key makes each paid invoice, grant or
 * reversal apply once per user.
 */
export const vipEntries = pgTable(
  'vip_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    kind: text('kind').$type<'purchase' | 'renewal' | 'grant' | 'reversal' | 'subscription_end'>().notNull(),
    seconds: integer('seconds').notNull(),
    // users.vip_expires_at right after this entry.
    expiresAfter: timestamp('expires_after', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_entries_user_key_unique').on(table.userId, table.idempotencyKey),
    index('vip_entries_order_idx').on(table.orderId),
    check(
      'vip_entries_kind_known',
      sql`${table.kind} IN ('purchase', 'renewal', 'grant', 'reversal', 'subscription_end')`,
    ),
    check(
      'vip_entries_seconds_sign',
      sql`(${table.kind} IN ('purchase', 'renewal', 'grant') AND ${table.seconds} > 0) OR (${table.kind} IN ('reversal', 'subscription_end') AND ${table.seconds} <= 0)`,
    ),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type VipEntryRow = typeof vipEntries.$inferSelect;

/**
 * A refund of an order's payment (docs/console.md). One an operator asks for is written, with the
 * order locked, before the provider is called, so concurrent refunds of one order can never add up
 * to more than was paid; `provider_refund_id` ties the provider's answer and webhooks back to it.
 * One made in the provider's own dashboard has no operator: its row is written from the provider's
 * refund notification, so that what is left to refund counts it too. What a refund takes back
 * (coins, VIP) is done by the provider's charge notification, whoever made it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'canceled'>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    // NULL: made in the provider's dashboard, not asked from the console.
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    reason: text('reason').notNull(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_refunds_provider_id_unique').on(table.providerRefundId),
    index('order_refunds_order_idx').on(table.orderId),
    check('order_refunds_amount_positive', sql`${table.amountCents} > 0`),
    check('order_refunds_status_known', sql`${table.status} IN ('pending', 'succeeded', 'failed', 'canceled')`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
