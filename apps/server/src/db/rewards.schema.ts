import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { episodeIdColumn } from './catalog.schema.js';
import { userIdColumn, users } from './users.schema.js';

/**
 * Rewards (docs/rewards.md). Every `local_date` is `YYYY-MM-DD` in REWARDS_TIME_ZONE,
 * computed by the server: no date ever comes from a client.
 */

/** One check-in per user and server day: the primary key turns a parallel repeat into a no-op. */
export const checkins = pgTable(
  'checkins',
  {
    userId: userIdColumn(),
    localDate: text('local_date').notNull(),
    // 1..7: the day of the cycle this check-in counted as.
    cycleDay: integer('cycle_day').notNull(),
    reward: integer('reward').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.localDate] }),
    check('checkins_cycle_day_positive', sql`${table.cycleDay} >= 1`),
  ],
);

/** An episode the server saw watched to a meaningful point: the watch-video task counts these. */
export const watchedVideos = pgTable(
  'watched_videos',
  {
    userId: userIdColumn(),
    localDate: text('local_date').notNull(),
    episodeId: episodeIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.localDate, table.episodeId] })],
);

/**
 * A paid claim of a task: `upto` is the cumulative unit count the claim paid up to within the
 * period (`YYYY-MM-DD` for daily tasks, `lifetime` for invites). The ledger key
 * `task:<key>:<period>:<upto>` makes a repeat of the same claim a replay.
 */
export const taskClaims = pgTable(
  'task_claims',
  {
    userId: userIdColumn(),
    taskKey: text('task_key').notNull(),
    period: text('period').notNull(),
    upto: integer('upto').notNull(),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.taskKey, table.period, table.upto] }),
    check('task_claims_upto_positive', sql`${table.upto} >= 1`),
  ],
);

/** Who invited whom: one inviter per invitee (the primary key). */
export const invites = pgTable(
  'invites',
  {
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    // What the inviter earns for it (INVITE_REWARD when the invite was made).
    inviterReward: integer('inviter_reward').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invites_inviter_created_idx').on(table.inviterId, table.createdAt),
    check('invites_not_self', sql`${table.inviteeId} <> ${table.inviterId}`),
  ],
);

/** A rewarded ad served to a user: the token (stored as its SHA-256) pays once, before it expires. */
export const adRewardTokens = pgTable(
  'ad_reward_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userIdColumn(),
    adId: text('ad_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Serving time plus the ad's length: the reward is refused before (the ad cannot have been watched).
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when paid, with the server day it counts against.
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedOn: text('used_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_reward_tokens_user_used_idx').on(table.userId, table.usedOn)],
);

/**
 * Distinct episodes a viewer started in a server day, in order: the interstitial interval counts
 * them. `viewer_key` as in episode_plays (`u:<uid>`, or `a:<hash>` for a visitor).
 */
export const adEpisodeStarts = pgTable(
  'ad_episode_starts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    viewerKey: text('viewer_key').notNull(),
    localDate: text('local_date').notNull(),
    episodeId: episodeIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ad_episode_starts_viewer_day_episode_unique').on(table.viewerKey, table.localDate, table.episodeId),
  ],
);

export type CheckinRow = typeof checkins.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type AdRewardTokenRow = typeof adRewardTokens.$inferSelect;
