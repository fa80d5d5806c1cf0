import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { walletLots, type WalletLotRow } from '../db/wallet.schema.js';

/** Lots with coins left whose expiry has come by `now`. */
const dueAt = (now: Date) =>
  and(gt(walletLots.remaining, 0), isNotNull(walletLots.expiresAt), lte(walletLots.expiresAt, now));

/** SQL on wallet_lots: what is left of each credit and when it expires. */
export class WalletLotsRepository {
  constructor(private readonly db: Db) {}

  async insert(lot: Omit<typeof walletLots.$inferInsert, 'remaining'>, tx: Db): Promise<void> {
    await tx.insert(walletLots).values({ ...lot, remaining: lot.amount });
  }

  /** Lots with coins left, in spending order: soonest expiry first, never-expiring last, then oldest. */
  spendable(userId: number, tx: Db): Promise<WalletLotRow[]> {
    return tx
      .select()
      .from(walletLots)
      .where(and(eq(walletLots.userId, userId), gt(walletLots.remaining, 0)))
      .orderBy(sql`${walletLots.expiresAt} ASC NULLS LAST`, asc(walletLots.id));
  }

  /** Lots of one user with coins left whose expiry has come. */
  due(userId: number, now: Date, tx: Db = this.db): Promise<WalletLotRow[]> {
    return tx
      .select()
      .from(walletLots)
      .where(and(eq(walletLots.userId, userId), dueAt(now)))
      .orderBy(asc(walletLots.expiresAt), asc(walletLots.id));
  }

  /** Users who hold at least one due lot (for the expiry job), a batch at a time. */
  async usersWithDueLots(now: Date, limit: number, tx: Db = this.db): Promise<number[]> {
    const rows = await tx.selectDistinct({ userId: walletLots.userId }).from(walletLots).where(dueAt(now)).limit(limit);
    return rows.map((row) => row.userId);
  }

  async setRemaining(lotId: number, remaining: number, tx: Db): Promise<void> {
    await tx.update(walletLots).set({ remaining }).where(eq(walletLots.id, lotId));
  }

  /** Coins still to expire, summed per moment, soonest first. */
  async expiring(
    userId: number,
    now: Date,
    limit: number,
    tx: Db = this.db,
  ): Promise<{ amount: number; expiresAt: Date }[]> {
    const rows = await tx
      .select({ expiresAt: walletLots.expiresAt, amount: sql<string>`sum(${walletLots.remaining})` })
      .from(walletLots)
      .where(
        and(
          eq(walletLots.userId, userId),
          gt(walletLots.remaining, 0),
          isNotNull(walletLots.expiresAt),
          gt(walletLots.expiresAt, now),
        ),
      )
      .groupBy(walletLots.expiresAt)
      .orderBy(asc(walletLots.expiresAt))
      .limit(limit);
    return rows.flatMap((row) => (row.expiresAt ? [{ expiresAt: row.expiresAt, amount: Number(row.amount) }] : []));
  }
}
