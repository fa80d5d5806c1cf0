import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { pushSubscriptions, type PushSubscriptionRow } from '../db/push.schema.js';

export interface NewPushSubscription {
  userId: number;
  platform: 'web' | 'ios';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  createdAt: Date;
}

/** SQL for push_subscriptions: the devices that receive a viewer's notifications. */
export class PushSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the device for `userId`. A row of another viewer with the same endpoint is deleted
   * first (its pending deliveries go with it), so a device never receives what was meant for the
   * viewer who used it before; the same viewer's row gets the new keys.
   */
  async upsert(row: NewPushSubscription, tx: Db = this.db): Promise<void> {
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, row.userId)));
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { platform: row.platform, p256dh: row.p256dh, auth: row.auth },
      });
  }

  /** Deletes the viewer's devices but the `keep` newest (the newest id wins a tie of times). */
  async keepNewest(userId: number, keep: number, tx: Db = this.db): Promise<void> {
    await tx.execute(
      sql`DELETE FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${userId} AND ${pushSubscriptions.id} NOT IN (
            SELECT ${pushSubscriptions.id} FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${userId}
            ORDER BY ${pushSubscriptions.createdAt} DESC, ${pushSubscriptions.id} DESC LIMIT ${keep})`,
    );
  }

  async countByUser(userId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return row?.n ?? 0;
  }

  /** Every device of the viewer, and with them every delivery still waiting for one. */
  async deleteAllOfUser(userId: number, tx: Db = this.db): Promise<number> {
    const deleted = await tx
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .returning({ id: pushSubscriptions.id });
    return deleted.length;
  }

  /** A device the push service said is gone (404/410, APNs Unregistered). */
  async deleteById(id: number, tx: Db = this.db): Promise<void> {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async listByUser(userId: number, tx: Db = this.db): Promise<PushSubscriptionRow[]> {
    return tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }
}
