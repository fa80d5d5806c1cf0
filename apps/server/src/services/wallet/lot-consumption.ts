import type { WalletLotRow } from '../../db/wallet.schema.js';

/** A lot as spending sees it. */
export type SpendableLot = Pick<WalletLotRow, 'id' | 'remaining' | 'expiresAt'>;

/** What is left of one lot after a debit. */
export type LotChange = Pick<WalletLotRow, 'id' | 'remaining'>;

/** Spending order: the lot that expires first, never-expiring lots last, then the oldest. */
function compareSpendingOrder(a: SpendableLot, b: SpendableLot): number {
  const ax = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bx = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.id - b.id;
}

/**
 * Takes `amount` coins from the lots, soonest-expiring first. Undefined when the lots hold less
 * than `amount`: the balance and the lots disagree, and the caller must fail the transaction.
 */
export function planConsumption(lots: readonly SpendableLot[], amount: number): LotChange[] | undefined {
  const changes: LotChange[] = [];
  let left = amount;
  for (const lot of [...lots].sort(compareSpendingOrder)) {
    if (left === 0) break;
    if (lot.remaining <= 0) continue;
    const take = Math.min(lot.remaining, left);
    changes.push({ id: lot.id, remaining: lot.remaining - take });
    left -= take;
  }
  return left === 0 ? changes : undefined;
}
