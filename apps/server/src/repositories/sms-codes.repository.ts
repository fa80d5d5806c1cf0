import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
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

  /**
   * Serialises sends and sign-ins for one phone until the transaction ends. A transaction-scoped
   * advisory lock works before any row exists (the first send), which a row lock cannot.
   */
  async lockPhone(phone: string, tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${phone}`}, 0))`);
  }

  /** Codes sent to the phone since `since`: the per-phone daily cap, shared by every process. */
  async countSentSince(phone: string, since: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Wrong tries against every code of the phone sent since `since`. */
  async failuresSince(phone: string, since: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${smsCodes.failedAttempts}), 0)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
    return Number(row?.n ?? 0);
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

  /** One more wrong try on the code; `useUp` also ends the code (the phone's last try). */
  async recordFailure(id: number, useUp: boolean, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1`, ...(useUp ? { consumedAt: at } : {}) })
      .where(eq(smsCodes.id, id));
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
