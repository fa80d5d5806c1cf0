import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { subscriptions, type SubscriptionRow } from '../db/payments.schema.js';

type Provider = SubscriptionRow['provider'];

type SubscriptionState = Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'endedAt'>;

export type NewSubscription = SubscriptionState &
  Pick<SubscriptionRow, 'userId' | 'provider' | 'providerSubscriptionId' | 'orderId' | 'productId'>;

/** SQL on subscriptions: the provider's view of each VIP subscription. */
export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  async lockByProviderId(provider: Provider, id: string, tx: Db): Promise<SubscriptionRow | undefined> {
    const [row] = await this.byProviderId(provider, id, tx).for('update');
    return row;
  }

  async findByProviderId(provider: Provider, id: string, tx: Db = this.db): Promise<SubscriptionRow | undefined> {
    const [row] = await this.byProviderId(provider, id, tx);
    return row;
  }

  private byProviderId(provider: Provider, id: string, tx: Db) {
    return tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, id)))
      .limit(1);
  }

  /** Creates the row on first sight; a later notification about the same subscription updates it. */
  async upsert(values: NewSubscription, tx: Db): Promise<SubscriptionRow> {
    const [row] = await tx
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: {
          status: values.status,
          currentPeriodEnd: values.currentPeriodEnd,
          cancelAtPeriodEnd: values.cancelAtPeriodEnd,
          endedAt: values.endedAt,
          updatedAt: new Date(),
        },
      })
      .returning();
    if (!row) throw new Error('upsert into subscriptions returned no row');
    return row;
  }

  async updateState(id: number, state: Partial<SubscriptionState>, tx: Db = this.db): Promise<SubscriptionRow> {
    const [row] = await tx
      .update(subscriptions)
      .set({ ...state, updatedAt: new Date() })
      .where(eq(subscriptions.id, id))
      .returning();
    if (!row) throw new Error(`no subscription ${id}`);
    return row;
  }

  /** The user's newest subscription that has not ended (renewing, cancelled-but-running, past due). */
  async findLive(userId: number, tx: Db = this.db): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt)))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    return row;
  }
}
