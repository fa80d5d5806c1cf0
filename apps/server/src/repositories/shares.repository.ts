import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { shareEvents } from '../db/social.schema.js';

/** SQL for share_events, the record the share task counts. */
export class SharesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof shareEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(shareEvents).values(values);
  }

  async countSince(userId: number, since: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(shareEvents)
      .where(and(eq(shareEvents.userId, userId), gte(shareEvents.createdAt, since)));
    return row?.n ?? 0;
  }
}
