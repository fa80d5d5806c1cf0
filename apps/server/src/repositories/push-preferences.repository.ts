import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { favorites } from '../db/social.schema.js';
import { pushPreferences, pushSubscriptions, type PushPreferencesRow } from '../db/push.schema.js';
import { checkins } from '../db/rewards.schema.js';
import { subscriptions } from '../db/payments.schema.js';
import { users } from '../db/users.schema.js';

export type PushPreferencesValues = Omit<PushPreferencesRow, 'userId' | 'updatedAt'>;

/** Viewers with at least one device, not deleted: nobody else can be notified. */
const reachable = sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${pushPreferences.userId})
  AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${pushPreferences.userId} AND ${users.deletedAt} IS NULL)`;

/** SQL for push_preferences, and the readers that pick who a notification goes to. */
export class PushPreferencesRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number, tx: Db = this.db): Promise<PushPreferencesRow | undefined> {
    const [row] = await tx.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
    return row;
  }

  async save(userId: number, values: PushPreferencesValues, at: Date, tx: Db = this.db): Promise<PushPreferencesRow> {
    const [row] = await tx
      .insert(pushPreferences)
      .values({ userId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...values, updatedAt: at } })
      .returning();
    if (!row) throw new Error('push_preferences upsert returned no row');
    return row;
  }

  async deleteOfUser(userId: number, tx: Db = this.db): Promise<void> {
    await tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId));
  }

  /** Viewers who have `dramaId` in their list and opted in to new episodes. */
  async newEpisodeFollowers(dramaId: number, tx: Db = this.db): Promise<PushPreferencesRow[]> {
    return tx
      .select()
      .from(pushPreferences)
      .where(
        and(
          eq(pushPreferences.newEpisodes, true),
          reachable,
          sql`EXISTS (SELECT 1 FROM ${favorites} WHERE ${favorites.userId} = ${pushPreferences.userId} AND ${favorites.dramaId} = ${dramaId})`,
        ),
      );
  }

  /** Viewers who opted in to the check-in reminder and have not checked in on `rewardDay`. */
  async checkinReminderCandidates(rewardDay: string, tx: Db = this.db): Promise<PushPreferencesRow[]> {
    return tx
      .select()
      .from(pushPreferences)
      .where(
        and(
          eq(pushPreferences.checkinReminder, true),
          reachable,
          sql`NOT EXISTS (SELECT 1 FROM ${checkins} WHERE ${checkins.userId} = ${pushPreferences.userId} AND ${checkins.localDate} = ${rewardDay})`,
        ),
      );
  }

  /**
   * Auto-renewing VIP subscriptions that renew within (from, to] of viewers who opted in to the
   * renewal reminder: active, not set to end at the period's end.
   */
  async renewalsDue(from: Date, to: Date, tx: Db = this.db) {
    return tx
      .select({ prefs: pushPreferences, subscriptionId: subscriptions.id, renewsAt: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .innerJoin(pushPreferences, eq(pushPreferences.userId, subscriptions.userId))
      .where(
        and(
          eq(pushPreferences.vipRenewal, true),
          reachable,
          inArray(subscriptions.status, ['active', 'trialing']),
          eq(subscriptions.cancelAtPeriodEnd, false),
          isNull(subscriptions.endedAt),
          sql`${subscriptions.currentPeriodEnd} > ${from} AND ${subscriptions.currentPeriodEnd} <= ${to}`,
        ),
      );
  }
}
