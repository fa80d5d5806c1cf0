import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.schema.js';

/**
 * A signed-in session (docs/architecture.md#sessions). Tokens are 32 random bytes given to the client once;
 * only their SHA-256 hashes are stored, so a database leak yields no usable token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    // No longer read or written: rotated-away tokens live in session_refresh_history. Kept for a
    // rolling restart, during which the previous release still selects it; a later migration drops it.
    previousRefreshHash: text('previous_refresh_hash'),
    // When the current pair replaced the one before (NULL: never refreshed).
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    uniqueIndex('sessions_refresh_hash_unique').on(table.refreshHash),
    index('sessions_previous_refresh_hash_idx').on(table.previousRefreshHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/**
 * Every refresh token a session has rotated away, for as long as the session row exists. Whoever
 * presents one again to /auth/refresh holds a copy the client gave up: the client or a thief is
 * replaying it, and either way the session ends. Hashes only, like the sessions table; written by
 * the same statement as the rotation, and gone with the session (cascade).
 */
export const sessionRefreshHistory = pgTable(
  'session_refresh_history',
  {
    refreshHash: text('refresh_hash').primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull(),
  },
  // The cascade finds a deleted session's rows by this index instead of reading the table.
  (table) => [index('session_refresh_history_session_idx').on(table.sessionId)],
);

/** One-time SMS sign-in codes, stored only as keyed hashes. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    // Set when used or invalidated (5 wrong tries, or superseded by a newer code).
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_codes_phone_created_idx').on(table.phone, table.createdAt)],
);

/** OAuth `state` values in flight: single use, short-lived, with the PKCE verifier. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier'),
    // SHA-256 of the browser binder cookie of the browser that asked for this state (login CSRF).
    binderHash: text('binder_hash').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('oauth_states_state_hash_unique').on(table.stateHash)],
);

/** A third-party account linked to a user, by the provider's stable subject id. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_unique').on(table.provider, table.subject),
    // A user's linked accounts (support's page of a viewer, account deletion) without reading the table.
    index('user_identities_user_idx').on(table.userId),
  ],
);

/**
 * Keyed hashes of the phones of deleted accounts. The phone itself is personal data and is removed; the hash
 * only answers "was this number registered before?" (invites, docs/product.md#validation-rules).
 */
export const deletedPhones = pgTable('deleted_phones', {
  phoneHash: text('phone_hash').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
