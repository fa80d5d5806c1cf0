import type { ConsoleProduct } from '@cliffhanger/contract/console';

/**
 * `npm run catalog -- products set <id> --flag value …` into the console's product changes. Only
 * the spelling is translated here (`--price-cents 1299` → `price_cents: 1299`, `none` → null);
 * whether a value is acceptable is decided by ProductAdminService, as for the console.
 */

const FIELD_OF_FLAG: Record<string, string> = {
  kind: 'kind',
  period: 'period',
  coins: 'coins',
  bonus: 'bonus_coins',
  'price-cents': 'price_cents',
  'stripe-price': 'stripe_price_id',
  'apple-product': 'apple_product_id',
  active: 'active',
  sort: 'sort',
};
const NUMBER_FLAGS = new Set(['coins', 'bonus', 'price-cents', 'sort']);
const CLEARABLE_FLAGS = new Set(['stripe-price', 'apple-product']);

/** Flags the command line cannot read; nothing was changed. */
export class ProductFlagsError extends Error {}

function valueOf(flag: string, value: string): unknown {
  // A value that is not a number stays text, so the schema names it ("must be a number").
  if (NUMBER_FLAGS.has(flag)) return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (CLEARABLE_FLAGS.has(flag) && value === 'none') return null;
  if (flag === 'active') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** `--name value` pairs: the changes, and the audit log's reason (`--reason`, optional). */
export function parseProductFlags(args: readonly string[]): { changes: Record<string, unknown>; reason: string } {
  const changes: Record<string, unknown> = {};
  let reason = '';
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined) {
      throw new ProductFlagsError(`expected --flag value pairs, got "${args.join(' ')}"`);
    }
    const flag = name.slice(2);
    const field = FIELD_OF_FLAG[flag];
    if (flag === 'reason') reason = value;
    else if (field === undefined) throw new ProductFlagsError(`unknown flag ${name}`);
    else changes[field] = valueOf(flag, value);
  }
  return { changes, reason };
}

/** The flag a refused field came from (`changes.price_cents` → `--price-cents`), for the error. */
export function flagOfField(field: string): string {
  const key = field.replace(/^changes\./, '');
  const flag = Object.keys(FIELD_OF_FLAG).find((name) => FIELD_OF_FLAG[name] === key);
  return flag === undefined ? field : `--${flag}`;
}

export function formatProducts(rows: readonly ConsoleProduct[]): string {
  const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  return rows
    .map((row) => {
      const terms = row.kind === 'vip' ? `VIP ${row.period ?? '?'}` : `${row.coins} coins + ${row.bonus_coins} bonus`;
      const ids = `stripe ${row.stripe_price_id ?? '(inline price)'}, apple ${row.apple_product_id ?? '-'}`;
      return `${row.active ? ' ' : 'x'} ${row.id.padEnd(14)} ${terms.padEnd(24)} ${usd(row.price_cents).padStart(8)}  ${ids}\n`;
    })
    .join('');
}
