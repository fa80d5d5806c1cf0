import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userIdentities, users, type UserRow } from '../db/schema.js';

export type IdentityKey = Pick<typeof userIdentities.$inferSelect, 'provider' | 'subject'>;

const linkOf = (key: IdentityKey) =>
  and(eq(userIdentities.provider, key.provider), eq(userIdentities.subject, key.subject));

/** SQL for `user_identities`: third-party accounts linked to users by (provider, subject). */
export class IdentitiesRepository {
  constructor(private readonly db: Db) {}

  /** The live user linked to this provider account; deleted users are invisible. */
  async findActiveUser(key: IdentityKey, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(linkOf(key), isNull(users.deletedAt)))
      .limit(1);
    return row?.user;
  }

  /**
   * Links a provider account to a user. The unique (provider, subject) index rejects a second
   * link with 23505, which is how two simultaneous first sign-ins end up with one account.
   */
  async insert(values: IdentityKey & { userId: number }, tx: Db = this.db): Promise<void> {
    await tx.insert(userIdentities).values(values);
  }

  /**
   * Removes the link of this provider account when it points at a deleted user. Account
   * deletion removes identities itself; this only repairs a link left behind, which would
   * otherwise block the person from ever signing up again with the same provider account.
   */
  async deleteLinkToDeletedUser(key: IdentityKey, tx: Db = this.db): Promise<number> {
    const deletedUsers = tx.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));
    const removed = await tx
      .delete(userIdentities)
      .where(and(linkOf(key), inArray(userIdentities.userId, deletedUsers)))
      .returning({ id: userIdentities.id });
    return removed.length;
  }
}
