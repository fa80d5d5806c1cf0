import type { Db } from '../../db/database.js';
import type { VipEntryRow } from '../../db/payments.schema.js';
import { WalletSupportRepository, type EntryWithLot } from '../../repositories/wallet-support.repository.js';

export type { EntryWithLot };
export type VipLedgerEntry = VipEntryRow;

/**
 * Support's read of one user's coin and VIP ledgers (the console's page of a viewer), kept beside
 * their only writers: nobody outside the wallet reads the ledger tables. The ledger is shown as it
 * is, lots and all; nothing here expires or changes anything.
 */
export class WalletSupportView {
  private readonly repo: WalletSupportRepository;

  constructor(deps: { db: Db }) {
    this.repo = new WalletSupportRepository(deps.db);
  }

  /** Up to `limit` entries older than `beforeId`, newest first, each credit with what is left of its lot. */
  entries(userId: number, beforeId: number | undefined, limit: number): Promise<EntryWithLot[]> {
    return this.repo.entries(userId, beforeId, limit);
  }

  /** The coins left per expiry moment (null: never), soonest first. */
  lotsByExpiry(userId: number): Promise<{ remaining: number; expiresAt: Date | null }[]> {
    return this.repo.lotsByExpiry(userId);
  }

  /** The latest `limit` entries of the VIP ledger, newest first. */
  vipEntries(userId: number, limit: number): Promise<VipLedgerEntry[]> {
    return this.repo.vipEntries(userId, limit);
  }
}
