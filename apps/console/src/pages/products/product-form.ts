import {
  APPLE_PRODUCT_ID_PATTERN,
  PRODUCT_COINS_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_SORT_MAX,
  STRIPE_PRICE_ID_PATTERN,
  type ConsoleProduct,
  type ProductChanges,
} from '@cliffhanger/contract/console';
import type { MessageKey } from '../../i18n/messages';

/** What the product form holds: text as typed, so a half-typed price is kept as it is. */
export interface ProductForm {
  id: string;
  kind: 'vip' | 'coins';
  period: 'week' | 'month' | 'quarter' | 'year';
  coins: string;
  bonusCoins: string;
  /** US dollars, e.g. `12.99`. */
  price: string;
  appleProductId: string;
  stripePriceId: string;
  sort: string;
  active: boolean;
  reason: string;
}

export type ProductField = Exclude<keyof ProductForm, 'kind' | 'active'> | 'kind';
export type FormErrors = Partial<Record<ProductField, MessageKey>>;

const PRODUCT_ID = /^[a-z][a-z0-9_]{1,39}$/;

export function emptyForm(): ProductForm {
  return {
    id: '',
    kind: 'coins',
    period: 'month',
    coins: '',
    bonusCoins: '0',
    price: '',
    appleProductId: '',
    stripePriceId: '',
    sort: '0',
    active: true,
    reason: '',
  };
}

/** Cents as dollars for the form and the table (`1299` → `12.99`). */
export function dollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `12.99` → 1299, exactly (no floating point); null when it is not a dollar amount. */
export function centsOf(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function formOf(product: ConsoleProduct): ProductForm {
  return {
    id: product.id,
    kind: product.kind,
    period: product.period ?? 'month',
    coins: String(product.coins),
    bonusCoins: String(product.bonus_coins),
    price: dollars(product.price_cents),
    appleProductId: product.apple_product_id ?? '',
    stripePriceId: product.stripe_price_id ?? '',
    sort: String(product.sort),
    active: product.active,
    reason: '',
  };
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * The form checked as the server would check it, and the changes to send: for a new product every
 * term, for an existing one only the fields that differ from it.
 */
export function checkForm(
  form: ProductForm,
  existing: ConsoleProduct | null,
): { errors: FormErrors; changes: ProductChanges } {
  const errors: FormErrors = {};
  if (!existing && !PRODUCT_ID.test(form.id)) errors.id = 'products.error.id';
  const priceCents = centsOf(form.price);
  if (priceCents === null || priceCents < 1 || priceCents > PRODUCT_PRICE_MAX_CENTS)
    errors.price = 'products.error.price';
  const coins = wholeNumber(form.coins, 1, PRODUCT_COINS_MAX);
  const bonusCoins = wholeNumber(form.bonusCoins, 0, PRODUCT_COINS_MAX);
  if (form.kind === 'coins' && coins === null) errors.coins = 'products.error.coins';
  if (form.kind === 'coins' && bonusCoins === null) errors.bonusCoins = 'products.error.bonus';
  const sort = wholeNumber(form.sort, 0, PRODUCT_SORT_MAX);
  if (sort === null) errors.sort = 'products.error.sort';
  const apple = form.appleProductId.trim();
  if (apple !== '' && !APPLE_PRODUCT_ID_PATTERN.test(apple)) errors.appleProductId = 'products.error.apple';
  const stripe = form.stripePriceId.trim();
  if (stripe !== '' && !STRIPE_PRICE_ID_PATTERN.test(stripe)) errors.stripePriceId = 'products.error.stripe';
  if (form.reason.trim() === '') errors.reason = 'products.error.reason';

  const all: ProductChanges = {
    ...(form.kind === 'vip' ? { period: form.period } : { coins: coins ?? 0, bonus_coins: bonusCoins ?? 0 }),
    price_cents: priceCents ?? 0,
    apple_product_id: apple === '' ? null : apple,
    stripe_price_id: stripe === '' ? null : stripe,
    active: form.active,
    sort: sort ?? 0,
  };
  if (!existing) return { errors, changes: { kind: form.kind, ...all } };
  const current: Record<string, unknown> = existing;
  const changes = Object.fromEntries(
    Object.entries(all).filter(([field, value]) => current[field] !== value),
  ) as ProductChanges;
  return { errors, changes };
}

/** The form field a server's refusal names (`body.changes.price_cents`, `changes.coins`, `body.id`). */
export function formFieldOf(field: string): ProductField | null {
  const name = field.replace(/^body\./, '').replace(/^changes\./, '');
  const fields: Record<string, ProductField> = {
    id: 'id',
    kind: 'kind',
    period: 'period',
    coins: 'coins',
    bonus_coins: 'bonusCoins',
    price_cents: 'price',
    apple_product_id: 'appleProductId',
    stripe_price_id: 'stripePriceId',
    sort: 'sort',
    reason: 'reason',
  };
  return fields[name] ?? null;
}
