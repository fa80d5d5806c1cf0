import type { WalletKind } from '@cliffhanger/contract';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { walletEntries, type NewWalletEntryRow, type WalletEntryRow } from '../db/wallet.schema.js';

export interface EntryPageQuery {
  userId: number;
  /** Only these kinds; undefined = every kind. */
  kinds: readonly WalletKind[] | undefined;
  /** Entries older than this id (the cursor); undefined = from the newest. */
  beforeId: number | undefined;
  limit: number;
}

/** SQL on wallet_entries. Inserts only: the table is append-only (a trigger refuses the rest). */
export class WalletEntriesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewWalletEntryRow, tx: Db): Promise<WalletEntryRow> {
    const [row] = await tx.insert(walletEntries).values(values).returning();
    if (!row) throw new Error('insert into wallet_entries returned no row');
    return row;
  }

  async findByKey(userId: number, idempotencyKey: string, tx: Db = this.db): Promise<WalletEntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), eq(walletEntries.idempotencyKey, idempotencyKey)))
      .limit(1);
    return row;
  }

  /** A user's entries that point at `ref` (an order's credit and reversals carry `order:<id>`), oldest first. */
  withRef(userId: number, ref: string, tx: Db = this.db): Promise<WalletEntryRow[]> {
    return tx
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), eq(walletEntries.ref, ref)))
      .orderBy(asc(walletEntries.id));
  }

  /**
   * One page, newest first by id. Ids of one user grow in commit order because every write of a
   * user holds the user's row lock, so "id < cursor" never skips an entry committed later.
   */
  page(query: EntryPageQuery, tx: Db = this.db): Promise<WalletEntryRow[]> {
    const conditions = [eq(walletEntries.userId, query.userId)];
    if (query.kinds) conditions.push(inArray(walletEntries.kind, [...query.kinds]));
    if (query.beforeId !== undefined) conditions.push(lt(walletEntries.id, query.beforeId));
    return tx
      .select()
      .from(walletEntries)
      .where(and(...conditions))
      .orderBy(desc(walletEntries.id))
      .limit(query.limit);
  }
}
