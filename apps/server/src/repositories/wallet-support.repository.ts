import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { vipEntries, type VipEntryRow } from '../db/payments.schema.js';
import { walletEntries, walletLots, type WalletEntryRow } from '../db/wallet.schema.js';

/** A ledger entry with the lot it made (a credit; null for a debit). */
export interface EntryWithLot {
  entry: WalletEntryRow;
  lot: { remaining: number; expiresAt: Date | null } | null;
}

/** Reads of one user's coin and VIP ledgers for support's page of a viewer (WalletSupportView only). */
export class WalletSupportRepository {
  constructor(private readonly db: Db) {}

  /** Entries older than `beforeId` (all when undefined), newest first, each credit with its lot. */
  async entries(userId: number, beforeId: number | undefined, limit: number): Promise<EntryWithLot[]> {
    const rows = await this.db
      .select({ entry: walletEntries, lot: { remaining: walletLots.remaining, expiresAt: walletLots.expiresAt } })
      .from(walletEntries)
      .leftJoin(walletLots, eq(walletLots.entryId, walletEntries.id))
      .where(and(eq(walletEntries.userId, userId), beforeId === undefined ? undefined : lt(walletEntries.id, beforeId)))
      .orderBy(desc(walletEntries.id))
      .limit(limit);
    return rows.map((row) => ({
      entry: row.entry,
      lot: row.lot && { remaining: row.lot.remaining, expiresAt: row.lot.expiresAt },
    }));
  }

  /** Coins left per expiry moment, soonest first, never-expiring last. */
  lotsByExpiry(userId: number): Promise<{ remaining: number; expiresAt: Date | null }[]> {
    return this.db
      .select({ remaining: sql<number>`sum(${walletLots.remaining})::int`, expiresAt: walletLots.expiresAt })
      .from(walletLots)
      .where(and(eq(walletLots.userId, userId), gt(walletLots.remaining, 0)))
      .groupBy(walletLots.expiresAt)
      .orderBy(sql`${walletLots.expiresAt} ASC NULLS LAST`);
  }

  vipEntries(userId: number, limit: number): Promise<VipEntryRow[]> {
    return this.db
      .select()
      .from(vipEntries)
      .where(eq(vipEntries.userId, userId))
      .orderBy(desc(vipEntries.id))
      .limit(limit);
  }
}
