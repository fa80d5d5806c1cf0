import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { deletedPhones } from '../db/schema.js';

/** Keyed hashes of deleted accounts' phones. */
export class DeletedPhonesRepository {
  constructor(private readonly db: Db) {}

  async exists(phoneHash: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .select({ phoneHash: deletedPhones.phoneHash })
      .from(deletedPhones)
      .where(eq(deletedPhones.phoneHash, phoneHash))
      .limit(1);
    return rows.length > 0;
  }

  /** A phone deleted twice stays one record. */
  async add(phoneHash: string, deletedAt: Date, tx: Db = this.db): Promise<void> {
    await tx.insert(deletedPhones).values({ phoneHash, deletedAt }).onConflictDoNothing();
  }
}
