import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { episodeIdColumn } from './catalog.schema.js';

/**
 * Rollups behind the console's Numbers (docs/console.md#numbers). They hold nothing of their own:
 * each is episode_plays regrouped by calendar day in REWARDS_TIME_ZONE, rebuilt for the recent
 * days by the `reports-refresh` job (ReportRollupService), so a dashboard reads a few thousand
 * rows instead of every play. Days are `date`s in that zone; a change of zone rebuilds them all.
 */

/** Each viewer key (`u:<uid>`, `a:<hash>`) once per day it played anything. */
export const reportViewerDays = pgTable(
  'report_viewer_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.viewerKey] })],
);

/** Each viewer key once per calendar week (from Monday) and month it played in: weekly and monthly actives. */
export const reportViewerPeriods = pgTable(
  'report_viewer_periods',
  {
    period: text('period').$type<'week' | 'month'>().notNull(),
    // The period's first day.
    start: date('start', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.start, table.viewerKey] }),
    check('report_viewer_periods_period_known', sql`${table.period} IN ('week', 'month')`),
  ],
);

/**
 * Active viewers counted per day, week and month (`start` is its first day), and how many of them
 * were signed in: the viewers dashboard reads these few rows instead of counting the sets above.
 */
export const reportActiveCounts = pgTable(
  'report_active_counts',
  {
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    active: integer('active').notNull(),
    signedIn: integer('signed_in').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.start] }),
    check('report_active_counts_period_known', sql`${table.period} IN ('day', 'week', 'month')`),
  ],
);

/** The first day each viewer key ever played: new viewers and retention cohorts. */
export const reportViewerFirst = pgTable(
  'report_viewer_first',
  {
    viewerKey: text('viewer_key').primaryKey(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (table) => [index('report_viewer_first_day_idx').on(table.firstDay)],
);

/**
 * Each day's new viewers (their first play ever that day) and how many of them were active one and
 * seven days later: the retention cohorts, counted so the dashboard need not join every new viewer.
 */
export const reportCohorts = pgTable('report_cohorts', {
  firstDay: date('first_day', { mode: 'string' }).primaryKey(),
  newViewers: integer('new_viewers').notNull(),
  d1: integer('d1').notNull(),
  d7: integer('d7').notNull(),
});

/** Counted plays of each episode per day. */
export const reportEpisodeDays = pgTable(
  'report_episode_days',
  {
    episodeId: episodeIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.episodeId, table.day] }),
    // The dramas table sums every episode over a range of days.
    index('report_episode_days_day_idx').on(table.day),
  ],
);

/** The first day each viewer key played each episode: how many viewers reached it. */
export const reportEpisodeViewers = pgTable(
  'report_episode_viewers',
  {
    episodeId: episodeIdColumn(),
    viewerKey: text('viewer_key').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.episodeId, table.viewerKey] }),
    index('report_episode_viewers_day_idx').on(table.episodeId, table.firstDay),
  ],
);

/** When the rollups were last refreshed, for which time zone, and from which moment they were recomputed. */
export const reportRefreshes = pgTable('report_refreshes', {
  name: text('name').primaryKey(),
  timeZone: text('time_zone').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  // Plays from this moment on were read by the last refresh (the start of its first local day).
  recomputedFrom: timestamp('recomputed_from', { withTimezone: true }),
  durationMs: integer('duration_ms').notNull().default(0),
});

export const REPORT_ROLLUP_NAME = 'plays';

/**
 * Coin ledger entries per local day and kind, counted up to the `coins` refresh's `refreshed_at`:
 * the coins dashboard adds what the ledger holds from that instant on, read live, so its figures
 * stay exact while a 90-day range reads a few hundred rows instead of every entry.
 */
export const reportCoinDays = pgTable(
  'report_coin_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind] })],
);

export const REPORT_COINS_ROLLUP_NAME = 'coins';
