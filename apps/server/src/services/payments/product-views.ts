import { CURRENCY, VIP_PERIOD_DAYS, type CoinPack, type MemberPlan, type VipPeriod } from '@cliffhanger/contract';
import type { ProductRow } from '../../db/payments.schema.js';

/** A VIP product's period; the products table's CHECK guarantees one. */
export function periodOf(product: Pick<ProductRow, 'id' | 'period'>): VipPeriod {
  if (!product.period) throw new Error(`product ${product.id} has no VIP period`);
  return product.period;
}

/** The price spread over the period's weeks, to the cent: what "per week" means on the VIP page. */
export function pricePerWeekCents(priceCents: number, period: VipPeriod): number {
  return Math.max(1, Math.round((priceCents * 7) / VIP_PERIOD_DAYS[period]));
}

export function toMemberPlan(product: ProductRow): MemberPlan {
  const period = periodOf(product);
  return {
    id: product.id,
    period,
    days: VIP_PERIOD_DAYS[period],
    price_cents: product.priceCents,
    currency: CURRENCY,
    price_per_week_cents: pricePerWeekCents(product.priceCents, period),
    product_id: product.appleProductId,
  };
}

export function toCoinPack(product: ProductRow): CoinPack {
  return {
    id: product.id,
    coins: product.coins,
    bonus_coins: product.bonusCoins,
    price_cents: product.priceCents,
    currency: CURRENCY,
    apple_product_id: product.appleProductId,
  };
}
