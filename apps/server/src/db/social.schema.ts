import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { dramaIdColumn, episodeIdColumn, episodes } from './catalog.schema.js';
import { userIdColumn } from './users.schema.js';

/** A comment on an episode (≤ 140 characters, stored as typed; the client renders it as text). */
export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    episodeId: episodeIdColumn(),
    userId: userIdColumn(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Hidden by a moderator: gone for every viewer but its author, who sees it with a notice.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // When a moderator last looked at its reports and kept it: reports before this are settled.
    reportsReviewedAt: timestamp('reports_reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('comments_episode_created_idx').on(table.episodeId, table.createdAt),
    // The console's newest comments, across every drama.
    index('comments_created_idx').on(table.createdAt),
    check('comments_body_length', sql`char_length(${table.body}) BETWEEN 1 AND 140`),
  ],
);

/** A like of an episode; the primary key makes a like idempotent. */
export const episodeLikes = pgTable(
  'episode_likes',
  {
    userId: userIdColumn(),
    episodeId: episodeIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.episodeId] })],
);

/** A drama in a user's list (the List tab, `/pages/my-collect/index`). */
export const favorites = pgTable(
  'favorites',
  {
    userId: userIdColumn(),
    dramaId: dramaIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.dramaId] }),
    index('favorites_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Watch progress: one row per user and drama, pointing at the last episode and position. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: userIdColumn(),
    dramaId: dramaIdColumn(),
    episodeId: episodeIdColumn(),
    positionS: real('position_s').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.dramaId] }),
    index('watch_history_user_updated_idx').on(table.userId, table.updatedAt),
    check('watch_history_position_nonnegative', sql`${table.positionS} >= 0`),
  ],
);

/** A share reported by the client (`POST /task/share`); the share task counts these rows. */
export const shareEvents = pgTable(
  'share_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    // 'app' or 'episode'.
    target: text('target').notNull(),
    episodeId: bigint('episode_id', { mode: 'number' }).references(() => episodes.id, { onDelete: 'set null' }),
    // How it was shared: 'web_share' | 'copy_link' | 'native'.
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('share_events_user_created_idx').on(table.userId, table.createdAt)],
);

/** A viewer's report of a comment: at most one per viewer and comment (the primary key). */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    reason: text('reason').$type<'spam' | 'abuse' | 'spoiler' | 'other'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    // A viewer's reports in time order, for the per-viewer report limit.
    index('comment_reports_user_created_idx').on(table.userId, table.createdAt),
    check('comment_reports_reason_known', sql`${table.reason} IN ('spam', 'abuse', 'spoiler', 'other')`),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
