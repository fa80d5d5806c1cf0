import type { WalletKind } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { dateOrNull, preparedRows } from '../db/prepared-rows.js';
import type { WalletHolder } from './wallet-users.repository.js';

/** What one write statement did, or why it left everything as it was. */
export interface LedgerWriteOutcome {
  /** A lot of the user is due: nothing was written, the caller expires first. */
  due: boolean;
  /** The key is on an entry already: nothing was written, the caller replays or refuses. */
  seen: boolean;
  /** The balance before the statement. */
  coin: number;
  /** The balance after, or null when nothing was written. */
  balance: number | null;
  /** The new entry's id, or null when nothing was written. */
  entryId: number | null;
}

export interface DebitOutcome extends LedgerWriteOutcome {
  /** One of the episodes to grant is unlocked already: nothing was written. */
  owned: boolean;
  /** Coins taken from lots; the caller fails the transaction unless it equals the amount. */
  taken: number;
}

export interface LedgerCredit {
  userId: number;
  kind: WalletKind;
  amount: number;
  key: string;
  ref: string | null;
  expiresAt: Date | null;
  now: Date;
}

export interface LedgerDebit {
  userId: number;
  kind: WalletKind;
  /** Coins to take, > 0 (the entry carries -amount). */
  amount: number;
  key: string;
  ref: string | null;
  now: Date;
  /** Episodes the debit buys (episode_unlocks rows in the same statement); empty for a plain debit. */
  grantEpisodeIds: readonly number[];
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A user whose row the transaction has just locked, and whether one of their lots looks due. */
export type LockedHolder = WalletHolder & { dueHint: boolean };

/** The columns of a locked user's row as a locking statement returns them (see `lock`). */
export interface LockedHolderRow extends Record<string, unknown> {
  id: string | number;
  coin: number;
  vip_expires_at: string | Date | null;
  deleted_at: string | Date | null;
  due: boolean;
}

export function lockedHolderOf(row: LockedHolderRow): LockedHolder {
  return {
    id: Number(row.id),
    coin: row.coin,
    vipExpiresAt: dateOrNull(row.vip_expires_at),
    deletedAt: dateOrNull(row.deleted_at),
    dueHint: row.due,
  };
}

/**
 * The wallet's writes as single statements (data-modifying CTEs), for WalletService only. Each
 * runs after the user's row lock, so its snapshot holds everything committed before the lock:
 * the guards (a due lot, a key seen before, an episode owned already) read current data, and when
 * one trips nothing is written and the service takes its general path. PostgreSQL runs every
 * part of one statement or none of it, and the conditional debit, the CHECKs and the unique key
 * stand behind the statement exactly as behind the separate ones.
 */
export class WalletLedgerRepository {
  /**
   * Row-locks the user and says whether a lot looks due. The hint reads the snapshot taken before
   * the lock was granted, so it can miss a lot that a transaction committed while this one waited
   * and that expired in that wait: a write statement therefore checks again (its `due` guard).
   * UnlockContextRepository takes the same lock with the same hint inside an unlock's first
   * statement: a change to either goes to both.
   */
  async lock(userId: number, now: Date, tx: Db): Promise<LockedHolder | undefined> {
    const [row] = await preparedRows<LockedHolderRow>(
      tx,
      'wallet_lock',
      sql`SELECT u.id, u.coin, u.vip_expires_at, u.deleted_at,
            EXISTS (SELECT 1 FROM wallet_lots l
                    WHERE l.user_id = u.id AND l.remaining > 0 AND l.expires_at <= ${now}::timestamptz) AS due
          FROM users u WHERE u.id = ${userId}::bigint FOR UPDATE OF u`,
    );
    return row ? lockedHolderOf(row) : undefined;
  }

  /** Balance, entry and lot of a credit in one statement, unless a lot is due or the key was used. */
  async credit(input: LedgerCredit, tx: Db): Promise<LedgerWriteOutcome> {
    const { userId, kind, amount, key, ref, expiresAt, now } = input;
    const [row] = await preparedRows<Record<string, unknown>>(
      tx,
      'wallet_credit',
      sql`WITH due AS (
            SELECT EXISTS (SELECT 1 FROM wallet_lots
                           WHERE user_id = ${userId}::bigint AND remaining > 0 AND expires_at <= ${now}::timestamptz) AS v
          ), seen AS (
            SELECT EXISTS (SELECT 1 FROM wallet_entries
                           WHERE user_id = ${userId}::bigint AND idempotency_key = ${key}::text) AS v
          ), credited AS (
            UPDATE users SET coin = coin + ${amount}::int
            WHERE id = ${userId}::bigint AND NOT (SELECT v FROM due) AND NOT (SELECT v FROM seen)
            RETURNING coin
          ), entry AS (
            INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key, ref, lot_expires_at, created_at)
            SELECT ${userId}::bigint, ${kind}::text, ${amount}::int, coin, ${key}::text, ${ref}::text,
                   ${expiresAt}::timestamptz, ${now}::timestamptz
            FROM credited
            RETURNING id
          ), lot AS (
            INSERT INTO wallet_lots (user_id, entry_id, amount, remaining, expires_at, created_at)
            SELECT ${userId}::bigint, id, ${amount}::int, ${amount}::int, ${expiresAt}::timestamptz, ${now}::timestamptz
            FROM entry
          )
          SELECT (SELECT v FROM due) AS due, (SELECT v FROM seen) AS seen,
                 (SELECT coin FROM users WHERE id = ${userId}::bigint) AS coin,
                 (SELECT coin FROM credited) AS balance, (SELECT id FROM entry) AS entry_id`,
    );
    return outcomeOf(row);
  }

  /**
   * The conditional debit, the lots it empties (soonest expiry first, never-expiring last, then
   * the oldest: the order of lot-consumption.ts), its entry and the episodes it buys, in one
   * statement, unless a lot is due, the key was used or an episode is owned already.
   */
  async debit(input: LedgerDebit, tx: Db): Promise<DebitOutcome> {
    const { userId, kind, amount, key, ref, now } = input;
    const ids = `{${input.grantEpisodeIds.map((id) => String(Math.trunc(id))).join(',')}}`;
    const [row] = await preparedRows<Record<string, unknown>>(
      tx,
      'wallet_debit',
      sql`WITH due AS (
            SELECT EXISTS (SELECT 1 FROM wallet_lots
                           WHERE user_id = ${userId}::bigint AND remaining > 0 AND expires_at <= ${now}::timestamptz) AS v
          ), seen AS (
            SELECT EXISTS (SELECT 1 FROM wallet_entries
                           WHERE user_id = ${userId}::bigint AND idempotency_key = ${key}::text) AS v
          ), owned AS (
            SELECT EXISTS (SELECT 1 FROM episode_unlocks
                           WHERE user_id = ${userId}::bigint AND episode_id = ANY (${ids}::bigint[])) AS v
          ), debited AS (
            UPDATE users SET coin = coin - ${amount}::int
            WHERE id = ${userId}::bigint AND coin >= ${amount}::int
              AND NOT (SELECT v FROM due) AND NOT (SELECT v FROM seen) AND NOT (SELECT v FROM owned)
            RETURNING coin
          ), spendable AS (
            SELECT id, remaining,
                   sum(remaining) OVER (ORDER BY expires_at ASC NULLS LAST, id ASC) - remaining AS before
            FROM wallet_lots WHERE user_id = ${userId}::bigint AND remaining > 0
          ), consumed AS (
            UPDATE wallet_lots l SET remaining = l.remaining - LEAST(s.remaining, ${amount}::int - s.before)
            FROM spendable s
            WHERE l.id = s.id AND s.before < ${amount}::int AND EXISTS (SELECT 1 FROM debited)
            RETURNING LEAST(s.remaining, ${amount}::int - s.before) AS take
          ), entry AS (
            INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key, ref, created_at)
            SELECT ${userId}::bigint, ${kind}::text, -${amount}::int, coin, ${key}::text, ${ref}::text, ${now}::timestamptz
            FROM debited
            RETURNING id
          ), granted AS (
            INSERT INTO episode_unlocks (user_id, episode_id, created_at)
            SELECT ${userId}::bigint, episode_id, ${now}::timestamptz
            FROM debited, unnest(${ids}::bigint[]) AS episode_id
            ON CONFLICT DO NOTHING
          )
          SELECT (SELECT v FROM due) AS due, (SELECT v FROM seen) AS seen, (SELECT v FROM owned) AS owned,
                 (SELECT coin FROM users WHERE id = ${userId}::bigint) AS coin,
                 (SELECT coin FROM debited) AS balance, (SELECT id FROM entry) AS entry_id,
                 (SELECT COALESCE(sum(take), 0) FROM consumed) AS taken`,
    );
    return { ...outcomeOf(row), owned: row?.owned === true, taken: Number(row?.taken ?? 0) };
  }
}

function outcomeOf(row: Record<string, unknown> | undefined): LedgerWriteOutcome {
  if (!row) throw new Error('wallet statement returned no row');
  return {
    due: row.due === true,
    seen: row.seen === true,
    coin: Number(row.coin),
    balance: numberOrNull(row.balance),
    entryId: numberOrNull(row.entry_id),
  };
}
