import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users, type UserRow } from '../db/users.schema.js';

const holderColumns = {
  id: users.id,
  coin: users.coin,
  vipExpiresAt: users.vipExpiresAt,
  deletedAt: users.deletedAt,
};

/** The columns of a user the wallet works with. */
export type WalletHolder = Pick<UserRow, keyof typeof holderColumns>;

/**
 * SQL on users.coin (the balance projection) and users.vip_expires_at. Only the wallet service
 * and the VIP grant use it (one writer of balances, docs/architecture.md#server-layering).
 */
export class WalletUsersRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number, tx: Db = this.db): Promise<WalletHolder | undefined> {
    const [row] = await tx.select(holderColumns).from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  /**
   * Row-locks the user until the transaction ends. Every balance change of a user takes this
   * lock first, so one user's wallet writes run one after another (see docs/wallet.md).
   */
  async lock(userId: number, tx: Db): Promise<WalletHolder | undefined> {
    const [row] = await tx.select(holderColumns).from(users).where(eq(users.id, userId)).limit(1).for('update');
    return row;
  }

  async addCoin(userId: number, amount: number, tx: Db): Promise<number> {
    const [row] = await tx
      .update(users)
      .set({ coin: sql`${users.coin} + ${amount}` })
      .where(eq(users.id, userId))
      .returning({ coin: users.coin });
    if (!row) throw new Error(`no user ${userId}`);
    return row.coin;
  }

  /**
   * The conditional debit (docs/architecture.md#coins): takes `amount` only if the balance covers it. Undefined
   * when it does not; the CHECK (coin >= 0) stands behind it.
   */
  async debitIfCovered(userId: number, amount: number, tx: Db): Promise<number | undefined> {
    const [row] = await tx
      .update(users)
      .set({ coin: sql`${users.coin} - ${amount}` })
      .where(and(eq(users.id, userId), gte(users.coin, amount)))
      .returning({ coin: users.coin });
    return row?.coin;
  }

  /** Marks the account for support: a refund or dispute took back less than it should have. */
  async flagPayment(userId: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(users)
      .set({ paymentFlaggedAt: sql`COALESCE(${users.paymentFlaggedAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(users.id, userId));
  }

  async setVipExpiresAt(userId: number, until: Date, tx: Db = this.db): Promise<void> {
    await tx.update(users).set({ vipExpiresAt: until }).where(eq(users.id, userId));
  }
}
