import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { users } from '../db/users.schema.js';

/** One wallet whose projection and ledger disagree. */
export interface WalletDifference {
  userId: number;
  /** users.coin */
  coin: number;
  /** SUM(wallet_entries.amount) */
  ledger: number;
  /** SUM(wallet_lots.remaining) */
  lots: number;
  /** balance_after of the newest entry; null without entries. */
  lastBalance: number | null;
}

/** The reads of `npm run wallet -- reconcile`. */
export class WalletReconcileRepository {
  constructor(private readonly db: Db) {}

  async countUsers(tx: Db = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  /** Users whose balance differs from their ledger sum, their lots or their newest entry. */
  async differences(tx: Db = this.db): Promise<WalletDifference[]> {
    const rows = await queryRows<{
      user_id: string | number;
      coin: number;
      ledger: string | number;
      lots: string | number;
      last_balance: number | null;
    }>(
      tx,
      sql`
        SELECT w.* FROM (
          SELECT u.id AS user_id, u.coin,
            COALESCE((SELECT sum(e.amount) FROM wallet_entries e WHERE e.user_id = u.id), 0) AS ledger,
            COALESCE((SELECT sum(l.remaining) FROM wallet_lots l WHERE l.user_id = u.id), 0) AS lots,
            (SELECT e.balance_after FROM wallet_entries e WHERE e.user_id = u.id ORDER BY e.id DESC LIMIT 1)
              AS last_balance
          FROM users u
        ) w
        WHERE w.coin <> w.ledger OR w.coin <> w.lots OR w.coin <> COALESCE(w.last_balance, 0)
        ORDER BY w.user_id`,
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      coin: Number(row.coin),
      ledger: Number(row.ledger),
      lots: Number(row.lots),
      lastBalance: row.last_balance === null ? null : Number(row.last_balance),
    }));
  }
}
