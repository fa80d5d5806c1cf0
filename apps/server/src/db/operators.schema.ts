import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** What an operator may do in the console (docs/console.md#roles). */
export const operatorRole = pgEnum('operator_role', ['admin', 'editor', 'support', 'finance']);

export type OperatorRole = (typeof operatorRole.enumValues)[number];

/**
 * A person who runs the service through the console (docs/console.md). Not a viewer: operators
 * have their own accounts, sessions and sign-in rules. A password and a TOTP secret are set at
 * enrolment; until then both are NULL and the operator cannot sign in.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: operatorRole('role').notNull(),
    totpSecret: text('totp_secret'),
    // The TOTP time step of the last accepted code: a code is accepted once, so one seen over a
    // shoulder or replayed from a proxy log is worthless.
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Wrong passwords or codes since the last successful sign-in; enough of them set locked_until.
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // Kept on the operator because sessions are deleted when they end: the operators list still
    // shows when someone last signed in and was last active after they signed out.
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('operators_email_unique').on(table.email),
    // Stored lower-cased, so the unique index is case-insensitive.
    check('operators_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

/** A one-time enrolment link's token (hash only), with the TOTP secret offered while enrolling. */
export const operatorEnrolments = pgTable(
  'operator_enrolments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    // Set by the enrolment's first step; becomes operators.totp_secret once a code from it is shown.
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operator_enrolments_token_hash_unique').on(table.tokenHash),
    index('operator_enrolments_operator_idx').on(table.operatorId),
  ],
);

/** One-time recovery codes given at enrolment (hashes only), each usable once instead of a TOTP code. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operator_recovery_codes_operator_code_unique').on(table.operatorId, table.codeHash)],
);

/**
 * A signed-in operator (hash of the token only). It ends after a spell of inactivity
 * (last_seen_at) or at expires_at, whichever comes first.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_hash_unique').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
  ],
);

/**
 * What operators did (docs/console.md#audit-log). Append-only: a trigger (migration 0009) refuses
 * UPDATE, DELETE and TRUNCATE, so the record cannot be edited by whoever it records.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // NULL for what the command line did (no operator signed in there).
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
  },
  (table) => [
    index('operator_audit_log_operator_idx').on(table.operatorId, table.id),
    // The audit viewer's filters, each read newest first by id (keyset pages): one target's
    // history, one action family (`action LIKE 'drama.%'` needs the pattern operator class
    // whatever the database's collation) and a date range.
    index('operator_audit_log_target_idx').on(table.target, table.id),
    index('operator_audit_log_action_idx').on(table.action.op('text_pattern_ops'), table.id),
    index('operator_audit_log_at_idx').on(table.at),
  ],
);

export type OperatorRow = typeof operators.$inferSelect;
