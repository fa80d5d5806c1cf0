import { z } from 'zod';
import type { WalletKind } from '../values.js';
import { defineConsoleEndpoint } from './console-endpoint.js';

/**
 * The console's Numbers (docs/console.md#numbers): revenue, viewers, coins and each drama's funnel
 * over a range of calendar days in the server's rewards time zone, each table also as CSV. Money is
 * whole cents of the orders' currency; coins are whole coins.
 */

/** The longest range a dashboard answers: a year and a day, so a leap year fits. */
export const REPORT_RANGE_MAX_DAYS = 366;
/** The range a dashboard opens with: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

/** `from` and `to` are calendar days (`YYYY-MM-DD`, both included); left out, the last 30 days. */
export const reportRangeQuerySchema = z.strictObject({
  from: z.iso.date({ error: 'must be a day, YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'must be a day, YYYY-MM-DD' }).optional(),
});
export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

/** The range answered, in the time zone whose days it counts. */
const rangeSchema = z.object({ from: z.string(), to: z.string(), time_zone: z.string() });

/** How fresh figures read from rollups are: the last refresh, and how often the job runs. */
const freshnessSchema = z.object({ as_of: z.string().nullable(), refresh_every_s: z.number().int() });

const moneySchema = z.object({
  /** Paid orders and VIP renewals, by the day they were paid. */
  sales: z.number().int(),
  gross_cents: z.number().int(),
  /** Money given back, by the day the refund went through. */
  refunds_cents: z.number().int(),
  net_cents: z.number().int(),
});

export const revenueReportSchema = z.object({
  range: rangeSchema,
  /** The currency of the orders (the console assumes one). */
  currency: z.string(),
  days: z.array(moneySchema.extend({ day: z.string(), paying_viewers: z.number().int() })),
  products: z.array(moneySchema.extend({ product_id: z.string(), kind: z.enum(['vip', 'coins']) })),
  channels: z.array(moneySchema.extend({ channel: z.enum(['stripe', 'apple']) })),
  totals: moneySchema.extend({
    /** Viewers with at least one sale in the range. */
    paying_viewers: z.number().int(),
    /** Net per paying viewer, rounded to the cent; 0 without any. */
    arppu_cents: z.number().int(),
  }),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const viewersReportSchema = z.object({
  range: rangeSchema,
  freshness: freshnessSchema,
  days: z.array(
    z.object({
      day: z.string(),
      active: z.number().int(),
      /** Of `active`, viewers signed in to an account. */
      signed_in: z.number().int(),
      /** Viewers whose first counted play ever was this day. */
      new: z.number().int(),
    }),
  ),
  /** Each calendar week (from Monday, `YYYY-MM-DD`) and month (`YYYY-MM`) that overlaps the range, counted whole. */
  weeks: z.array(z.object({ week: z.string(), active: z.number().int() })),
  months: z.array(z.object({ month: z.string(), active: z.number().int() })),
  /** Each day's new viewers and how many of them played again 1 and 7 days later (null: not yet). */
  cohorts: z.array(
    z.object({
      day: z.string(),
      new: z.number().int(),
      d1: z.number().int().nullable(),
      d7: z.number().int().nullable(),
    }),
  ),
});
export type ViewersReport = z.infer<typeof viewersReportSchema>;

/** How the coin kinds add up on the coins dashboard. */
export const COIN_REPORT_GROUPS = [
  'purchased',
  'rewards',
  'support',
  'spent',
  'expired',
  'taken_back',
  'other',
] as const;
export type CoinReportGroup = (typeof COIN_REPORT_GROUPS)[number];

/** Which group each ledger kind adds to. */
export const COIN_KIND_GROUPS: Readonly<Record<WalletKind, CoinReportGroup>> = {
  recharge: 'purchased',
  checkin_reward: 'rewards',
  task_reward: 'rewards',
  watch_video_reward: 'rewards',
  ad_reward: 'rewards',
  share_app_reward: 'rewards',
  invitee_reward: 'rewards',
  giveaway: 'rewards',
  support_credit: 'support',
  consume: 'spent',
  coin_expiry: 'expired',
  recharge_reversal: 'taken_back',
  support_debit: 'taken_back',
  coin_return: 'other',
  coin_freeze: 'other',
  coin_unfreeze: 'other',
};

const coinsOf = z.number().int();
/**
 * Coins per group, as positive figures (spent, expired and taken back too), except `other`: the
 * signed sum of returns, freezes and unfreezes.
 */
const coinGroupsSchema = z.object({
  purchased: coinsOf,
  rewards: coinsOf,
  support: coinsOf,
  spent: coinsOf,
  expired: coinsOf,
  taken_back: coinsOf,
  other: coinsOf,
});

export const coinsReportSchema = z.object({
  range: rangeSchema,
  days: z.array(coinGroupsSchema.extend({ day: z.string() })),
  /** Each ledger kind's entries and signed sum over the range. */
  kinds: z.array(
    z.object({
      kind: z.string(),
      group: z.enum(COIN_REPORT_GROUPS),
      entries: z.number().int(),
      coins: z.number().int(),
    }),
  ),
  totals: coinGroupsSchema,
});
export type CoinsReport = z.infer<typeof coinsReportSchema>;

export const dramaReportRowSchema = z.object({
  drama_id: z.number().int(),
  title: z.string(),
  plays: z.number().int(),
  coins: z.number().int(),
  unlocks: z.number().int(),
});
export type DramaReportRow = z.infer<typeof dramaReportRowSchema>;

export const dramasReportSchema = z.object({
  range: rangeSchema,
  freshness: freshnessSchema,
  /** The most played dramas of the range (up to 100), most first. */
  dramas: z.array(dramaReportRowSchema),
});
export type DramasReport = z.infer<typeof dramasReportSchema>;

export const dramaReportSchema = z.object({
  range: rangeSchema,
  freshness: freshnessSchema,
  drama: z.object({ id: z.number().int(), title: z.string(), free_episodes: z.number().int() }),
  episodes: z.array(
    z.object({
      episode_id: z.number().int(),
      number: z.number().int(),
      paid: z.boolean(),
      /** Counted plays (a viewer once per episode and day). */
      plays: z.number().int(),
      /** Viewers who played it for the first time in the range. */
      viewers: z.number().int(),
      unlocks: z.number().int(),
      /** Unlocks over the viewers who played the episode before it; null when none did or it is free. */
      unlock_rate: z.number().nullable(),
    }),
  ),
  /** Coins spent on its episodes and on "all episodes" in the range. */
  coins: z.number().int(),
  /** Those coins at the range's average price of a purchased coin. */
  revenue_cents_estimate: z.number().int(),
  /** Signed-in viewers of the range and how many of them are VIP now. */
  signed_in_viewers: z.number().int(),
  vip_viewers: z.number().int(),
});
export type DramaReport = z.infer<typeof dramaReportSchema>;

/** A table as CSV, for the console to save as a file. */
export const reportCsvSchema = z.object({ filename: z.string(), content: z.string() });
export type ReportCsv = z.infer<typeof reportCsvSchema>;

export const REVENUE_TABLES = ['days', 'products', 'channels'] as const;
export const VIEWERS_TABLES = ['days', 'weeks', 'months', 'cohorts'] as const;
export const COINS_TABLES = ['days', 'kinds'] as const;

const FINANCE = ['finance'] as const;
/** Per-drama numbers are for editors too: what they publish and price. */
const DRAMA_NUMBERS = ['finance', 'editor'] as const;
const dramaParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tableQuery = <T extends readonly [string, ...string[]]>(tables: T) =>
  reportRangeQuerySchema.extend({ table: z.enum(tables) });

export const consoleRevenueReport = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/revenue',
  access: FINANCE,
  summary: 'Revenue, refunds and net by day, product and channel; paying viewers and ARPPU',
  query: reportRangeQuerySchema,
  data: revenueReportSchema,
});

export const consoleRevenueCsv = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/revenue/csv',
  access: FINANCE,
  summary: 'One table of the revenue dashboard as CSV',
  query: tableQuery(REVENUE_TABLES),
  data: reportCsvSchema,
});

export const consoleViewersReport = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/viewers',
  access: FINANCE,
  summary: 'Active viewers by day, week and month, new viewers, D1 and D7 retention cohorts',
  query: reportRangeQuerySchema,
  data: viewersReportSchema,
});

export const consoleViewersCsv = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/viewers/csv',
  access: FINANCE,
  summary: 'One table of the viewers dashboard as CSV',
  query: tableQuery(VIEWERS_TABLES),
  data: reportCsvSchema,
});

export const consoleCoinsReport = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/coins',
  access: FINANCE,
  summary: 'Coins issued by kind, spent and expired, by day, from the ledger',
  query: reportRangeQuerySchema,
  data: coinsReportSchema,
});

export const consoleCoinsCsv = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/coins/csv',
  access: FINANCE,
  summary: 'One table of the coins dashboard as CSV',
  query: tableQuery(COINS_TABLES),
  data: reportCsvSchema,
});

export const consoleDramasReport = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/dramas',
  access: DRAMA_NUMBERS,
  summary: 'The most played dramas of the range with their coins and unlocks',
  query: reportRangeQuerySchema,
  data: dramasReportSchema,
});

export const consoleDramasCsv = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/dramas/csv',
  access: DRAMA_NUMBERS,
  summary: 'The dramas table as CSV',
  query: reportRangeQuerySchema,
  data: reportCsvSchema,
});

export const consoleDramaReport = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/dramas/:id',
  access: DRAMA_NUMBERS,
  summary: "One drama's plays per episode (the drop-off), unlock rates, coins, revenue and VIP share",
  params: dramaParams,
  query: reportRangeQuerySchema,
  data: dramaReportSchema,
});

export const consoleDramaCsv = defineConsoleEndpoint({
  method: 'GET',
  path: '/reports/dramas/:id/csv',
  access: DRAMA_NUMBERS,
  summary: "One drama's episodes table as CSV",
  params: dramaParams,
  query: reportRangeQuerySchema,
  data: reportCsvSchema,
});
