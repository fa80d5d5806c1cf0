import { walletKindsOf, WALLET_KINDS, type WalletKind } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.schema.js';

const quoted = (kinds: readonly string[]) => sql.raw(kinds.map((kind) => `'${kind}'`).join(', '));

/**
 * The coin ledger (docs/wallet.md#ledger). Append-only: a trigger (migration 0003) refuses
 * UPDATE, DELETE and TRUNCATE, so a correction can only be a new entry. users.coin is the
 * projection of SUM(amount) and is written in the same transaction as each entry.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    kind: text('kind').$type<WalletKind>().notNull(),
    // Signed: income > 0, expense < 0 (a CHECK ties the sign to the kind's group).
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    // Unique per user: a retried credit or debit finds its first entry instead of applying twice.
    idempotencyKey: text('idempotency_key').notNull(),
    ref: text('ref'),
    // Set on a credit whose lot expires; NULL for debits and for coins that never expire.
    lotExpiresAt: timestamp('lot_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_entries_user_key_unique').on(table.userId, table.idempotencyKey),
    // The wallet page reads one user's entries newest first by id (the cursor).
    index('wallet_entries_user_id_idx').on(table.userId, table.id),
    check('wallet_entries_kind_known', sql`${table.kind} IN (${quoted(WALLET_KINDS)})`),
    check(
      'wallet_entries_amount_sign',
      sql`(${table.kind} IN (${quoted(walletKindsOf('income'))}) AND ${table.amount} > 0) OR (${table.kind} IN (${quoted(walletKindsOf('expense'))}) AND ${table.amount} < 0)`,
    ),
    check('wallet_entries_balance_nonnegative', sql`${table.balanceAfter} >= 0`),
  ],
);

/**
 * Coins come in lots: one per credit, with what is left of it and when it expires (NULL =
 * never, e.g. purchased coins). Spending takes the lot that expires first; the expiry job empties
 * what is left of a due lot through a `coin_expiry` entry. SUM(remaining) equals users.coin.
 */
export const walletLots = pgTable(
  'wallet_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    // The credit that created the lot.
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => walletEntries.id),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_lots_entry_unique').on(table.entryId),
    check('wallet_lots_remaining_range', sql`${table.remaining} >= 0 AND ${table.remaining} <= ${table.amount}`),
    check('wallet_lots_amount_positive', sql`${table.amount} > 0`),
    // Spendable lots of a user in spending order; the expiry job finds due lots by time.
    index('wallet_lots_user_spendable_idx')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.remaining} > 0`),
    index('wallet_lots_due_idx')
      .on(table.expiresAt)
      .where(sql`${table.remaining} > 0 AND ${table.expiresAt} IS NOT NULL`),
  ],
);

export type WalletEntryRow = typeof walletEntries.$inferSelect;
export type NewWalletEntryRow = typeof walletEntries.$inferInsert;
export type WalletLotRow = typeof walletLots.$inferSelect;
