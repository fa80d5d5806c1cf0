import { VIP_PERIODS } from '@cliffhanger/contract';
import { z } from 'zod';
import type { NewProductRow, ProductRow } from '../../db/payments.schema.js';
import type { ProductsRepository } from '../../repositories/products.repository.js';

/**
 * Changing what is for sale without a deploy: `npm run catalog -- products set <id> --flag value …`.
 * A new id needs its kind and terms; an existing one changes only the flags given. Prices are
 * whole US cents. Open orders keep the terms they were created with.
 */
const wholeNumber = (min: number) =>
  z.coerce
    .number()
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` });
const optionalId = z
  .string()
  .regex(/^(none|[A-Za-z0-9_.-]{1,200})$/, { error: 'must be an id, or none to clear it' })
  .transform((value) => (value === 'none' ? null : value));

const productFlagsSchema = z.strictObject({
  kind: z.enum(['vip', 'coins']).optional(),
  period: z.enum(VIP_PERIODS).optional(),
  coins: wholeNumber(1).optional(),
  bonus: wholeNumber(0).optional(),
  'price-cents': wholeNumber(1).optional(),
  'stripe-price': optionalId.optional(),
  'apple-product': optionalId.optional(),
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: wholeNumber(0).optional(),
});

const productIdRule = /^[a-z][a-z0-9_]{1,39}$/;

export class ProductChangeError extends Error {}

/** `--name value` pairs into an object; refuses a flag without a value. */
export function parseFlags(args: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined)
      throw new ProductChangeError(`expected --flag value pairs, got "${args.join(' ')}"`);
    flags[name.slice(2)] = value;
  }
  return flags;
}

export async function setProduct(
  products: ProductsRepository,
  id: string,
  raw: Record<string, string>,
): Promise<ProductRow> {
  if (!productIdRule.test(id))
    throw new ProductChangeError(`product id "${id}" must be lowercase letters, digits and _ (e.g. coins_300)`);
  const parsed = productFlagsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ProductChangeError(
      parsed.error.issues.map((issue) => `--${issue.path.join('.') || '?'}: ${issue.message}`).join('\n'),
    );
  }
  const flags = parsed.data;
  const existing = await products.find(id);
  const kind = flags.kind ?? existing?.kind;
  if (!kind) throw new ProductChangeError(`"${id}" is a new product: give --kind vip|coins and its terms`);
  if (existing && flags.kind && flags.kind !== existing.kind)
    throw new ProductChangeError(`"${id}" is a ${existing.kind} product; its kind cannot change`);
  const priceCents = flags['price-cents'] ?? existing?.priceCents;
  if (priceCents === undefined) throw new ProductChangeError('--price-cents is required for a new product');
  const row: NewProductRow = {
    id,
    kind,
    period: kind === 'vip' ? (flags.period ?? existing?.period ?? null) : null,
    coins: kind === 'coins' ? (flags.coins ?? existing?.coins ?? 0) : 0,
    bonusCoins: kind === 'coins' ? (flags.bonus ?? existing?.bonusCoins ?? 0) : 0,
    priceCents,
    stripePriceId: flags['stripe-price'] !== undefined ? flags['stripe-price'] : (existing?.stripePriceId ?? null),
    appleProductId: flags['apple-product'] !== undefined ? flags['apple-product'] : (existing?.appleProductId ?? null),
    active: flags.active ?? existing?.active ?? true,
    sort: flags.sort ?? existing?.sort ?? 0,
  };
  if (kind === 'vip' && !row.period)
    throw new ProductChangeError('--period week|month|quarter|year is required for a VIP plan');
  if (kind === 'coins' && !row.coins) throw new ProductChangeError('--coins is required for a coin pack');
  return products.upsert(row);
}

export function formatProducts(rows: readonly ProductRow[]): string {
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  return rows
    .map((row) => {
      const terms = row.kind === 'vip' ? `VIP ${row.period ?? '?'}` : `${row.coins} coins + ${row.bonusCoins} bonus`;
      const ids = `stripe ${row.stripePriceId ?? '(inline price)'}, apple ${row.appleProductId ?? '-'}`;
      return `${row.active ? ' ' : 'x'} ${row.id.padEnd(14)} ${terms.padEnd(24)} ${usd(row.priceCents).padStart(8)}  ${ids}\n`;
    })
    .join('');
}
