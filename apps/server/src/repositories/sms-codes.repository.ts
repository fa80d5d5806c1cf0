import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { smsCodes } from '../db/schema.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type NewSmsCodeRow = typeof smsCodes.$inferInsert;

/** SQL for sms_codes only. */
export class SmsCodesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewSmsCodeRow, tx: Db = this.db): Promise<SmsCodeRow> {
    const [row] = await tx.insert(smsCodes).values(values).returning();
    if (!row) throw new Error('insert into sms_codes returned no row');
    return row;
  }

  /** When the latest code for this phone was sent (consumed or not), for the resend interval. */
  async lastSentAt(phone: string, tx: Db = this.db): Promise<Date | undefined> {
    const [row] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    return row?.createdAt;
  }

  /** Marks every unused code of the phone as used: only the newest code may sign in. */
  async consumeAllLive(phone: string, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(smsCodes)
      .set({ consumedAt: at })
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)));
  }

  /**
   * The phone's unused, unexpired code, row-locked until the transaction ends: a second sign-in
   * with the same code waits here and then finds it consumed.
   */
  async findLiveForUpdate(phone: string, now: Date, tx: Db = this.db): Promise<SmsCodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
      .orderBy(desc(smsCodes.id))
      .limit(1)
      .for('update');
    return row;
  }

  async consume(id: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx.update(smsCodes).set({ consumedAt: at }).where(eq(smsCodes.id, id));
  }

  /** One more wrong try; at `maxAttempts` the code is used up. Returns the new count. */
  async recordFailure(id: number, maxAttempts: number, at: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .update(smsCodes)
      .set({
        failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
        consumedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${maxAttempts} then ${at.toISOString()}::timestamptz else ${smsCodes.consumedAt} end`,
      })
      .where(eq(smsCodes.id, id))
      .returning({ failedAttempts: smsCodes.failedAttempts });
    return row?.failedAttempts ?? maxAttempts;
  }

  /** A code whose SMS never left is removed, so it can neither sign in nor block a resend. */
  async delete(id: number, tx: Db = this.db): Promise<void> {
    await tx.delete(smsCodes).where(eq(smsCodes.id, id));
  }

  /** Account deletion: codes hold the phone in clear. */
  async deleteForPhone(phone: string, tx: Db = this.db): Promise<void> {
    await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
  }
}
