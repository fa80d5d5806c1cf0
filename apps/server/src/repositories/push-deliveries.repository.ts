import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { pushDeliveries, pushSubscriptions, type PushDeliveryRow } from '../db/push.schema.js';
import { queryRows } from '../db/query-rows.js';

export type NewPushDelivery = Pick<PushDeliveryRow, 'eventKey' | 'userId' | 'kind' | 'payload' | 'notBefore'>;

/** A claimed delivery with the device it goes to. */
export interface ClaimedDelivery {
  id: number;
  eventKey: string;
  kind: PushDeliveryRow['kind'];
  payload: PushDeliveryRow['payload'];
  attempts: number;
  subscriptionId: number;
  platform: 'web' | 'ios';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/** SQL for push_deliveries: one row per notification and device. */
export class PushDeliveriesRepository {
  constructor(private readonly db: Db) {}

  /**
   * One pending row per device of the event's viewer. The unique (event, subscription) key makes
   * a repeat add nothing; answers how many rows are new.
   */
  async addForUserDevices(delivery: NewPushDelivery, tx: Db = this.db): Promise<number> {
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO ${pushDeliveries} (event_key, subscription_id, user_id, kind, payload, not_before)
          SELECT ${delivery.eventKey}, s.id, s.user_id, ${delivery.kind}, ${JSON.stringify(delivery.payload)}::jsonb,
            ${delivery.notBefore.toISOString()}::timestamptz
          FROM ${pushSubscriptions} AS s WHERE s.user_id = ${delivery.userId}
          ON CONFLICT (event_key, subscription_id) DO NOTHING
          RETURNING id`,
    );
    return inserted.length;
  }

  /**
   * Takes up to `limit` due pending rows and marks them `sending` (one more attempt), skipping
   * rows another sender holds. Only rows whose device still belongs to the viewer the row was
   * made for: a device that moved to another viewer gets nothing of the previous one's.
   */
  async claimDue(now: Date, limit: number, tx: Db = this.db): Promise<ClaimedDelivery[]> {
    return queryRows<ClaimedDelivery & Record<string, unknown>>(
      tx,
      sql`UPDATE ${pushDeliveries} AS d
          SET status = 'sending', attempts = d.attempts + 1
          FROM ${pushSubscriptions} AS s
          WHERE d.id IN (
            SELECT id FROM ${pushDeliveries}
            WHERE status = 'pending' AND not_before <= ${now.toISOString()}::timestamptz
            ORDER BY not_before, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          AND s.id = d.subscription_id AND s.user_id = d.user_id
          RETURNING d.id::int AS "id", d.event_key AS "eventKey", d.kind, d.payload, d.attempts,
            s.id::int AS "subscriptionId", s.platform, s.endpoint, s.p256dh, s.auth`,
    );
  }

  async markSent(id: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(pushDeliveries)
      .set({ status: 'sent', sentAt: at, lastError: null })
      .where(eq(pushDeliveries.id, id));
  }

  /** Back to pending, tried again from `retryAt`. */
  async markRetry(id: number, retryAt: Date, error: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(pushDeliveries)
      .set({ status: 'pending', notBefore: retryAt, lastError: error })
      .where(eq(pushDeliveries.id, id));
  }

  /** Given up: out of attempts, or refused for good by the push service. */
  async markFailed(id: number, error: string, tx: Db = this.db): Promise<void> {
    await tx.update(pushDeliveries).set({ status: 'failed', lastError: error }).where(eq(pushDeliveries.id, id));
  }

  /** Rows of these events (tests and support: what each device was sent). */
  async listByEvents(eventKeys: readonly string[], tx: Db = this.db): Promise<PushDeliveryRow[]> {
    if (eventKeys.length === 0) return [];
    return tx
      .select()
      .from(pushDeliveries)
      .where(inArray(pushDeliveries.eventKey, [...eventKeys]));
  }
}
