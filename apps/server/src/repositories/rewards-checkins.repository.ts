import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { checkins, type CheckinRow } from '../db/rewards.schema.js';

/** SQL for checkins: one row per user and server day. */
export class RewardsCheckinsRepository {
  constructor(private readonly db: Db) {}

  /** The latest check-in of the user, if any. */
  async latest(userId: number, tx: Db = this.db): Promise<CheckinRow | undefined> {
    const [row] = await tx
      .select()
      .from(checkins)
      .where(eq(checkins.userId, userId))
      .orderBy(desc(checkins.localDate))
      .limit(1);
    return row;
  }

  async find(userId: number, localDate: string, tx: Db = this.db): Promise<CheckinRow | undefined> {
    const [row] = await tx
      .select()
      .from(checkins)
      .where(and(eq(checkins.userId, userId), eq(checkins.localDate, localDate)))
      .limit(1);
    return row;
  }

  /** Inserts unless the user already checked in that day; the primary key decides. True when written. */
  async insertIfNew(row: CheckinRow, tx: Db = this.db): Promise<boolean> {
    const written = await tx.insert(checkins).values(row).onConflictDoNothing().returning({ day: checkins.cycleDay });
    return written.length > 0;
  }
}
