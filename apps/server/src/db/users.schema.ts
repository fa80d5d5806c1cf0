import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    // mode 'number': ids stay far below 2^53 and the contract's uid is a JSON number.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nickname: text('nickname').notNull().default(''),
    // Stored lowercase (the contract normalises it); NULL until the user picks one.
    username: text('username').unique(),
    // Relative media path (docs/product.md#entities-and-fields) or a provider's absolute avatar URL.
    avatar: text('avatar').notNull().default(''),
    // The coin balance. The CHECK is the last line of defence behind conditional debits
    // (docs/architecture.md#coins): a bug in the wallet service fails the transaction instead of going
    // negative.
    coin: integer('coin').notNull().default(0),
    // E.164. NULL for provider-only accounts and after deletion (personal data is removed).
    phone: text('phone'),
    // argon2id hash (PHC string); NULL until the user sets a password.
    passwordHash: text('password_hash'),
    inviteCode: text('invite_code').notNull(),
    // True when the phone belonged to a deleted account: such a user is never a "new user" for invites.
    phoneSeenBefore: boolean('phone_seen_before').notNull().default(false),
    // The projection of vip_entries (the VIP ledger), written only by the VIP service.
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    // Set when a refund or dispute took back less than it should have (the coins were spent):
    // support reviews such accounts (docs/payments.md).
    paymentFlaggedAt: timestamp('payment_flagged_at', { withTimezone: true }),
    // Set by an operator: the account's tokens are refused until it is cleared. The ledger is untouched.
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    // Set by a moderator: the viewer may still watch and read, but not post comments.
    commentsBlockedAt: timestamp('comments_blocked_at', { withTimezone: true }),
    // The player's speed in hundredths (75 = 0.75×), so it follows the viewer to every device.
    playbackRatePct: smallint('playback_rate_pct').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('users_coin_nonnegative', sql`${table.coin} >= 0`),
    // The speeds the player offers (PLAYBACK_RATES in the contract), and no other.
    check('users_playback_rate_pct', sql`${table.playbackRatePct} in (75, 100, 125, 150, 200)`),
    // One live account per phone; a deleted account keeps no phone at all.
    uniqueIndex('users_phone_unique').on(table.phone),
    uniqueIndex('users_invite_code_unique').on(table.inviteCode),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The owner column of a per-user table: `user_id`, a user's id, never null. */
export const userIdColumn = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);
