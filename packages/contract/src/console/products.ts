import { z } from 'zod';
import { productIdSchema, VIP_PERIODS } from '../endpoints/payments.js';
import { requiredReasonSchema } from './audit-reason.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * VIP plans and coin packs as the console edits them (docs/console.md#products). The command line
 * (`npm run catalog -- products set`) validates with the same schema, through the same service.
 */

export const PRODUCT_KINDS = ['vip', 'coins'] as const;
/** Stripe refuses a unit amount above $999,999.99. */
export const PRODUCT_PRICE_MAX_CENTS = 99_999_999;
export const PRODUCT_COINS_MAX = 10_000_000;
export const PRODUCT_SORT_MAX = 1_000_000;

/** Stripe's price ids: `price_` and letters, digits or `_`. */
export const STRIPE_PRICE_ID_PATTERN = /^price_[A-Za-z0-9_]{1,200}$/;
/** App Store product ids: letters, digits, `.` and `_` (reverse DNS by convention). */
export const APPLE_PRODUCT_ID_PATTERN = /^[A-Za-z0-9._]{1,200}$/;

const count = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/**
 * What may change on a product; a field left out keeps its value, `null` clears a store id. A new
 * product needs its kind, its price and its terms (a VIP period, or a coin count).
 */
export const productChangesSchema = z.strictObject({
  kind: z.enum(PRODUCT_KINDS).optional(),
  period: z.enum(VIP_PERIODS).optional(),
  coins: count(1, PRODUCT_COINS_MAX).optional(),
  bonus_coins: count(0, PRODUCT_COINS_MAX).optional(),
  price_cents: count(1, PRODUCT_PRICE_MAX_CENTS).optional(),
  stripe_price_id: z
    .string()
    .regex(STRIPE_PRICE_ID_PATTERN, { error: 'must be a Stripe price id (price_…)' })
    .nullable()
    .optional(),
  apple_product_id: z
    .string()
    .regex(APPLE_PRODUCT_ID_PATTERN, { error: 'must be letters, digits, "." and "_"' })
    .nullable()
    .optional(),
  active: z.boolean({ error: 'must be true or false' }).optional(),
  sort: count(0, PRODUCT_SORT_MAX).optional(),
});
export type ProductChanges = z.infer<typeof productChangesSchema>;

export const consoleProductSchema = z.object({
  id: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  period: z.enum(VIP_PERIODS).nullable(),
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  stripe_price_id: z.string().nullable(),
  apple_product_id: z.string().nullable(),
  /** On sale: listed by GET /member/type or /coin/type. */
  active: z.boolean(),
  sort: z.number().int(),
  /** Orders were made for it, so it can be taken off sale but not deleted. */
  has_orders: z.boolean(),
  updated_at: z.string(),
});
export type ConsoleProduct = z.infer<typeof consoleProductSchema>;

const PRODUCTS_ACCESS = ['finance'] as const;
const productParams = z.object({ id: productIdSchema });

export const consoleListProducts = defineConsoleEndpoint({
  method: 'GET',
  path: '/products',
  access: PRODUCTS_ACCESS,
  summary: 'Every VIP plan and coin pack, on sale or not, in display order',
  data: z.array(consoleProductSchema),
});

export const consoleCreateProduct = defineConsoleEndpoint({
  method: 'POST',
  path: '/products',
  access: PRODUCTS_ACCESS,
  freshTotp: true,
  summary: 'Adds a VIP plan or coin pack; an id already in use is refused',
  body: z.strictObject({ id: productIdSchema, changes: productChangesSchema, reason: requiredReasonSchema }),
  data: consoleProductSchema,
});

export const consoleUpdateProduct = defineConsoleEndpoint({
  method: 'PUT',
  path: '/products/:id',
  access: PRODUCTS_ACCESS,
  freshTotp: true,
  summary: 'Changes the fields given of a VIP plan or coin pack (its kind never changes)',
  params: productParams,
  body: z.strictObject({ changes: productChangesSchema, reason: requiredReasonSchema }),
  data: consoleProductSchema,
});

export const consoleDeleteProduct = defineConsoleEndpoint({
  method: 'DELETE',
  path: '/products/:id',
  access: PRODUCTS_ACCESS,
  freshTotp: true,
  summary: 'Deletes a product nobody ever ordered; one with orders is taken off sale instead',
  params: productParams,
  body: z.strictObject({ reason: requiredReasonSchema }),
  data: z.null(),
});
