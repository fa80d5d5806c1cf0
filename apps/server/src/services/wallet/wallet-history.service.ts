import {
  walletGroupOf,
  walletKindsOf,
  type WalletEntry,
  type WalletPage,
  type WalletQuery,
} from '@cliffhanger/contract';
import type { WalletEntryRow } from '../../db/wallet.schema.js';
import type { Clock } from '../../lib/clock.js';
import type { WalletEntriesRepository } from '../../repositories/wallet-entries.repository.js';
import type { WalletLotsRepository } from '../../repositories/wallet-lots.repository.js';
import { decodeWalletCursor, encodeWalletCursor } from './wallet-cursor.js';
import type { WalletService } from './wallet.service.js';

/** How many distinct expiry moments the wallet lists (check-in lots: at most one a day). */
const EXPIRING_LIMIT = 20;

export interface WalletHistoryServiceDeps {
  clock: Clock;
  wallet: WalletService;
  entries: WalletEntriesRepository;
  lots: WalletLotsRepository;
}

export function toWalletEntry(row: WalletEntryRow): WalletEntry {
  return {
    id: row.id,
    kind: row.kind,
    group: walletGroupOf(row.kind),
    amount: row.amount,
    balance_after: row.balanceAfter,
    created_at: row.createdAt.toISOString(),
    expires_at: row.lotExpiresAt?.toISOString() ?? null,
    ref: row.ref,
  };
}

/** GET /wallet: the balance, what expires when, and the ledger newest first by cursor. */
export class WalletHistoryService {
  constructor(private readonly deps: WalletHistoryServiceDeps) {}

  async page(userId: number, query: WalletQuery): Promise<WalletPage> {
    const { deps } = this;
    const beforeId = query.cursor === undefined ? undefined : decodeWalletCursor(query.cursor);
    // Lazy expiry: the page must never show coins that have already expired.
    const balance = await deps.wallet.balance(userId);
    const rows = await deps.entries.page({
      userId,
      kinds: query.type === 'all' ? undefined : walletKindsOf(query.type),
      beforeId,
      limit: query.size + 1,
    });
    const list = rows.slice(0, query.size);
    const last = list.at(-1);
    const expiring = await deps.lots.expiring(userId, deps.clock(), EXPIRING_LIMIT);
    return {
      list: list.map(toWalletEntry),
      next_cursor: rows.length > query.size && last ? encodeWalletCursor(last.id) : null,
      balance,
      expiring: expiring.map((lot) => ({ amount: lot.amount, expires_at: lot.expiresAt.toISOString() })),
    };
  }
}
