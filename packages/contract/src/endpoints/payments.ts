import { z } from 'zod';
import { CURRENCY } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Payments (docs/payments.md): VIP plans and coin packs, bought on
 * the web through Stripe Checkout and in the iOS shell through in-app purchase. Prices are whole
 * USD cents. Nothing is credited by these calls: fulfilment happens only when the provider's
 * signed notification arrives, once per order.
 */

export const PAY_CHANNELS = ['stripe', 'apple'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

export const VIP_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type VipPeriod = (typeof VIP_PERIODS)[number];

/** Days of VIP one paid period gives (a quarter is three months, billed as such by Stripe). */
export const VIP_PERIOD_DAYS: Record<VipPeriod, number> = { week: 7, month: 30, quarter: 91, year: 365 };

/**
 * Plans and packs are in USD only; any other currency is refused with Code.INVALID_INPUT
 * (docs/product.md#validation-rules).
 */
export const currencySchema = z.literal(CURRENCY, { error: `only ${CURRENCY} is supported` });

/** A product's own id, e.g. `vip_month` or `coins_500`. */
export const productIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, { error: 'must be a product id such as vip_month' });

export const memberPlanSchema = z.object({
  /** Our id, sent back in POST /member/purchase. */
  id: z.string(),
  period: z.enum(VIP_PERIODS),
  /** Days of VIP one paid period gives. */
  days: z.number().int().positive(),
  price_cents: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  /** price_cents spread over the period's weeks, rounded to the cent (what the page shows as "per week"). */
  price_per_week_cents: z.number().int().positive(),
  /** The App Store product id (for iOS); null when not sold in the app. */
  product_id: z.string().nullable(),
});
export type MemberPlan = z.infer<typeof memberPlanSchema>;

export const coinPackSchema = z.object({
  id: z.string(),
  coins: z.number().int().positive(),
  /** Extra coins on top of `coins`; 0 for none. */
  bonus_coins: z.number().int().nonnegative(),
  price_cents: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  /** The App Store product id; null when not sold in the app. */
  apple_product_id: z.string().nullable(),
});
export type CoinPack = z.infer<typeof coinPackSchema>;

export const memberTypeQuerySchema = z.object({
  pay_channel: z.enum(PAY_CHANNELS).default('stripe'),
  currency: currencySchema.default(CURRENCY),
});

export const getMemberTypes = defineEndpoint({
  method: 'GET',
  path: '/member/type',
  auth: 'optional',
  summary: 'VIP plans (week, month, quarter, year) with USD prices; each has product_id for iOS',
  query: memberTypeQuerySchema,
  data: z.array(memberPlanSchema),
});

export const coinTypeQuerySchema = z.object({
  currency: currencySchema.default(CURRENCY),
});

export const getCoinTypes = defineEndpoint({
  method: 'GET',
  path: '/coin/type',
  auth: 'optional',
  summary: 'Coin packs (coins + bonus) with USD prices; each has apple_product_id for iOS',
  query: coinTypeQuerySchema,
  data: z.array(coinPackSchema),
});

export const purchaseBodySchema = z.strictObject({
  /** A plan id from /member/type or a pack id from /coin/type. */
  product: productIdSchema,
  pay_channel: z.enum(PAY_CHANNELS),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const purchaseResultSchema = z.object({
  order_id: z.string(),
  /** Stripe: the Checkout page to open. null for Apple. */
  checkout_url: z.string().nullable(),
  /** Apple: the appAccountToken (UUID) to pass to StoreKit, tying the transaction to this user. null for Stripe. */
  app_account_token: z.string().nullable(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/**
 * Starts a purchase. Code.PAYMENT_CHANNEL_UNAVAILABLE when the channel is not configured on this server,
 * Code.SUBSCRIPTION_EXISTS when a VIP plan is bought while a renewing subscription exists (manage or cancel it
 * instead), Code.PAYMENT_PROVIDER_ERROR when the payment provider could not be reached.
 */
export const postMemberPurchase = defineEndpoint({
  method: 'POST',
  path: '/member/purchase',
  auth: 'required',
  summary: 'Create an order: Stripe → Checkout URL; Apple → order id and app account token',
  body: purchaseBodySchema,
  data: purchaseResultSchema,
});

export const ORDER_STATUSES = ['pending', 'fulfilled', 'failed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderIdSchema = z.string().regex(/^ord_[A-Za-z0-9]{16,40}$/, { error: 'must be an order id' });

export const orderSchema = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(['vip', 'coins']),
  product: z.string(),
  pay_channel: z.enum(PAY_CHANNELS),
  price_cents: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  /** Coins this order put in the wallet (coins + bonus once fulfilled; 0 before, and for VIP). */
  coins_credited: z.number().int().nonnegative(),
  /** For VIP: the membership's end once fulfilled; null otherwise. */
  vip_expires_at: z.string().nullable(),
  created_at: z.string(),
  fulfilled_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** A StoreKit 2 signed transaction (JWS, three base64url parts): what the shell hands over after a purchase. */
export const signedTransactionSchema = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { error: 'must be a signed transaction (JWS)' });

export const confirmBodySchema = z.strictObject({
  /** The order from POST /member/purchase whose app account token the purchase carried. */
  order_id: orderIdSchema,
  /** The signed transaction (`Transaction.jwsRepresentation`; docs/product.md#api-calls). */
  sign: signedTransactionSchema,
});
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** One order of the signed-in user; another user's order id answers Code.NOT_FOUND like an unknown one. */
export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:id',
  auth: 'required',
  summary: 'An order of the signed-in user (status, what was credited), for the payment result pages',
  params: z.object({ id: orderIdSchema }),
  data: orderSchema,
});

export const subscriptionSchema = z.object({
  plan: z.string(),
  period: z.enum(VIP_PERIODS),
  price_cents: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  pay_channel: z.enum(PAY_CHANNELS),
  /** active, past_due, canceled, … as the provider reports it. */
  status: z.string(),
  /** When the paid period ends: the next renewal, or the end when cancel_at_period_end. */
  current_period_end: z.string().nullable(),
  /** True once cancelled: VIP runs to current_period_end and is not renewed. */
  cancel_at_period_end: z.boolean(),
  /** Cancel and resume in the app are possible (Stripe); an App Store subscription is managed in iOS settings. */
  manageable: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const membershipSchema = z.object({
  active: z.boolean(),
  expires_at: z.string().nullable(),
  /** The renewing (or cancelled but still running) subscription; null when none. */
  subscription: subscriptionSchema.nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const getMembership = defineEndpoint({
  method: 'GET',
  path: '/member',
  auth: 'required',
  summary: "The signed-in user's VIP membership and subscription",
  data: membershipSchema,
});

/**
 * Confirms an App Store purchase: the server verifies the signed transaction (Apple's chain,
 * bundle id, environment), checks it bought this order's product with this order's app account
 * token, and credits it once per transaction id. A transaction confirmed before answers Code.ALREADY_OWNED
 * with the order (success: finish it). Refusals: Code.PAYMENT_SIGNATURE_INVALID, IAP_WRONG_APP,
 * IAP_WRONG_ENVIRONMENT, IAP_PRODUCT_MISMATCH, IAP_ACCOUNT_MISMATCH (another order's token),
 * IAP_TRANSACTION_REVOKED (refunded or revoked).
 */
export const postMemberConfirm = defineEndpoint({
  method: 'POST',
  path: '/member/confirm',
  auth: 'required',
  summary: 'Confirm an App Store purchase with its signed transaction (`sign`); credits once per transaction',
  body: confirmBodySchema,
  data: orderSchema,
});

/** Cancels the subscription at the end of the paid period (VIP stays until then). A repeat → Code.ALREADY_OWNED. */
export const postMemberCancel = defineEndpoint({
  method: 'POST',
  path: '/member/cancel',
  auth: 'required',
  summary: 'Cancel the VIP subscription at the end of the paid period (10019 when already cancelled)',
  data: membershipSchema,
});

/** Undoes a cancellation before the period ends. A repeat → Code.ALREADY_OWNED. */
export const postMemberResume = defineEndpoint({
  method: 'POST',
  path: '/member/resume',
  auth: 'required',
  summary: 'Resume a cancelled VIP subscription before its period ends (10019 when it renews already)',
  data: membershipSchema,
});

/** Stripe's customer portal (payment method, invoices, cancel), returning to the VIP page. */
export const postMemberPortal = defineEndpoint({
  method: 'POST',
  path: '/member/portal',
  auth: 'required',
  summary: "A Stripe customer portal session for the signed-in user's billing",
  data: z.object({ url: z.string() }),
});
