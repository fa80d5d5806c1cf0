import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { paymentEvents } from '../db/payments.schema.js';

/** SQL on payment_events: the notifications already handled. */
export class PaymentEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims an event for this transaction. False when it was handled before: the primary key
   * makes a concurrent delivery of the same event wait for the first one's commit, then fail.
   */
  async claim(
    record: Pick<typeof paymentEvents.$inferInsert, 'provider' | 'eventId' | 'type'>,
    tx: Db,
  ): Promise<boolean> {
    const rows = await tx
      .insert(paymentEvents)
      .values({ ...record, outcome: 'processing' })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return rows.length > 0;
  }

  async settle(
    provider: 'stripe' | 'apple',
    eventId: string,
    outcome: string,
    orderId: number | null,
    tx: Db,
  ): Promise<void> {
    await tx
      .update(paymentEvents)
      .set({ outcome, orderId })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  }
}
