import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userIdentities, users, type NewUserRow, type UserRow } from '../db/schema.js';

export type ProfileChanges = Partial<Pick<UserRow, 'nickname' | 'username' | 'avatar'>>;

/**
 * SQL for the users table and nothing else. Every method takes an optional transaction so a
 * service can combine several writes into one unit (docs/architecture.md#server-layering).
 */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts unless the invite code is taken (then undefined, and the caller draws another).
   * Only that conflict is absorbed: a duplicate phone still raises 23505, which is what keeps a
   * double-submitted sign-in from creating two accounts.
   */
  async insertUnlessInviteCodeTaken(values: NewUserRow, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.inviteCode }).returning();
    return row;
  }

  /** Deleted accounts are invisible to the app. */
  async findActiveById(id: number, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** Locks the row until the transaction ends, so a concurrent edit cannot slip between read and write. */
  async findActiveByIdForUpdate(id: number, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
      .for('update');
    return row;
  }

  /** Deleted accounts keep no phone, so this only finds live ones. */
  async findByPhone(phone: string, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
    return row;
  }

  async updateProfile(id: number, changes: ProfileChanges, tx: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set(changes)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    return row;
  }

  /** The player's speed in hundredths on a live account; undefined when the account is gone. */
  async setPlaybackRatePct(id: number, pct: number, tx: Db = this.db): Promise<number | undefined> {
    const [row] = await tx
      .update(users)
      .set({ playbackRatePct: pct })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning({ pct: users.playbackRatePct });
    return row?.pct;
  }

  /**
   * Sets the avatar only while it is still `expected` on a live account (compare-and-set in one
   * statement): whatever the user did meanwhile wins. True when the row changed.
   */
  async replaceAvatar(id: number, expected: string, avatar: string, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ avatar })
      .where(and(eq(users.id, id), eq(users.avatar, expected), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async setPasswordHash(id: number, passwordHash: string, tx: Db = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
  }

  /**
   * Account deletion: the row stays (ledger entries will reference it) but loses every piece of
   * personal data, and linked provider identities go, so the provider account can sign up anew.
   */
  async anonymise(id: number, deletedAt: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ phone: null, passwordHash: null, nickname: '', username: null, avatar: '', deletedAt })
      .where(eq(users.id, id));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, id));
  }
}
