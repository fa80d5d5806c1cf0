import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { vipEntries, type VipEntryRow } from '../db/payments.schema.js';

export type NewVipEntry = typeof vipEntries.$inferInsert;

/** SQL on vip_entries (the VIP ledger). Inserts only: a trigger refuses the rest. */
export class VipEntriesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewVipEntry, tx: Db): Promise<VipEntryRow> {
    const [row] = await tx.insert(vipEntries).values(values).returning();
    if (!row) throw new Error('insert into vip_entries returned no row');
    return row;
  }

  async findByKey(userId: number, key: string, tx: Db = this.db): Promise<VipEntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(vipEntries)
      .where(and(eq(vipEntries.userId, userId), eq(vipEntries.idempotencyKey, key)))
      .limit(1);
    return row;
  }

  /** The entry of a provider-unique key (e.g. `stripe:invoice:in_…`), whoever it belongs to. */
  async findByProviderKey(key: string, tx: Db = this.db): Promise<VipEntryRow | undefined> {
    const [row] = await tx.select().from(vipEntries).where(eq(vipEntries.idempotencyKey, key)).limit(1);
    return row;
  }
}
