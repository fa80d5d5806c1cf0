import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { reportRefreshes } from '../db/reports.schema.js';

export type RollupState = typeof reportRefreshes.$inferSelect;

/** SQL for the play rollups (db/reports.schema.ts): rebuilding them from episode_plays, and their state. */
export class ReportsRollupRepository {
  constructor(private readonly db: Db) {}

  async state(name: string, db: Db = this.db): Promise<RollupState | undefined> {
    const [row] = await db.select().from(reportRefreshes).where(eq(reportRefreshes.name, name));
    return row;
  }

  /** Two refreshes at once (two processes, a job repeated) take turns instead of racing. */
  async lock(name: string, tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report-rollup:${name}`}, 0))`);
  }

  /** Everything rolled up so far, before a rebuild from the first play (a new time zone). */
  async clear(tx: Db): Promise<void> {
    await tx.execute(
      sql`TRUNCATE report_viewer_days, report_viewer_periods, report_active_counts, report_viewer_first,
                   report_cohorts, report_episode_days, report_episode_viewers`,
    );
  }

  /**
   * Rolls up every play from `since` (the start of a local day, or everything) in one statement,
   * so episode_plays is read once. Each part is safe to repeat: the day sets ignore pairs they
   * hold, first days only move earlier, and a day's play count is replaced by a count of the
   * whole day (every day from `since` on is read whole).
   */
  async rollUp(timeZone: string, since: Date | null, tx: Db): Promise<number> {
    const from = since === null ? sql`TRUE` : sql`created_at >= ${since.toISOString()}::timestamptz`;
    const [row] = await queryRows<{ plays: number | string }>(
      tx,
      sql`WITH p AS MATERIALIZED (
            SELECT viewer_key, episode_id, (created_at AT TIME ZONE ${timeZone})::date AS day
            FROM episode_plays WHERE ${from}
          ), viewer_days AS (
            INSERT INTO report_viewer_days (day, viewer_key)
            SELECT DISTINCT day, viewer_key FROM p
            ON CONFLICT DO NOTHING
          ), viewer_periods AS (
            INSERT INTO report_viewer_periods (period, start, viewer_key)
            SELECT DISTINCT 'week', date_trunc('week', day::timestamp)::date, viewer_key FROM p
            UNION
            SELECT DISTINCT 'month', date_trunc('month', day::timestamp)::date, viewer_key FROM p
            ON CONFLICT DO NOTHING
          ), viewer_first AS (
            INSERT INTO report_viewer_first AS f (viewer_key, first_day)
            SELECT viewer_key, min(day) FROM p GROUP BY viewer_key
            ON CONFLICT (viewer_key) DO UPDATE SET first_day = excluded.first_day
            WHERE excluded.first_day < f.first_day
          ), episode_days AS (
            INSERT INTO report_episode_days AS d (episode_id, day, plays)
            SELECT episode_id, day, count(*) FROM p GROUP BY episode_id, day
            ON CONFLICT (episode_id, day) DO UPDATE SET plays = excluded.plays
          ), episode_viewers AS (
            INSERT INTO report_episode_viewers AS v (episode_id, viewer_key, first_day)
            SELECT episode_id, viewer_key, min(day) FROM p GROUP BY episode_id, viewer_key
            ON CONFLICT (episode_id, viewer_key) DO UPDATE SET first_day = excluded.first_day
            WHERE excluded.first_day < v.first_day
          )
          SELECT count(*)::bigint AS plays FROM p`,
    );
    return Number(row?.plays ?? 0);
  }

  /**
   * Counts again, from the sets rollUp has just added to (a statement sees what an earlier one of
   * its transaction wrote), the active viewers of every day, week and month from `sinceDay` (the
   * week and month it falls in included), and the cohorts of the days from a week before it: a
   * cohort's D7 is the activity seven days after it. Everything when `sinceDay` is null.
   */
  async recount(sinceDay: string | null, tx: Db): Promise<void> {
    const from = (unit: 'day' | 'week' | 'month') =>
      sinceDay === null ? sql`TRUE` : sql`start >= date_trunc(${unit}, ${sinceDay}::timestamp)::date`;
    await tx.execute(
      sql`INSERT INTO report_active_counts (period, start, active, signed_in)
          SELECT 'day', start, count(*), count(*) FILTER (WHERE viewer_key LIKE 'u:%')
          FROM (SELECT day AS start, viewer_key FROM report_viewer_days) d WHERE ${from('day')} GROUP BY start
          UNION ALL
          SELECT period, start, count(*), count(*) FILTER (WHERE viewer_key LIKE 'u:%')
          FROM report_viewer_periods
          WHERE (period = 'week' AND ${from('week')}) OR (period = 'month' AND ${from('month')})
          GROUP BY period, start
          ON CONFLICT (period, start) DO UPDATE SET active = excluded.active, signed_in = excluded.signed_in`,
    );
    // A viewer whose first day moved earlier (a late play) leaves its old cohort: that cohort is
    // counted again too, or goes when nobody is left in it.
    const cohorts = sinceDay === null ? sql`TRUE` : sql`first_day >= ${sinceDay}::date - 7`;
    await tx.execute(sql`DELETE FROM report_cohorts WHERE ${cohorts}`);
    await tx.execute(
      sql`INSERT INTO report_cohorts (first_day, new_viewers, d1, d7)
          SELECT f.first_day, count(*), count(d1.viewer_key), count(d7.viewer_key)
          FROM (SELECT first_day, viewer_key FROM report_viewer_first WHERE ${cohorts}) f
          LEFT JOIN report_viewer_days d1 ON d1.day = f.first_day + 1 AND d1.viewer_key = f.viewer_key
          LEFT JOIN report_viewer_days d7 ON d7.day = f.first_day + 7 AND d7.viewer_key = f.viewer_key
          GROUP BY f.first_day`,
    );
  }

  /**
   * Counts the coin ledger per local day and kind again from `fromDay`, which begins at `since`
   * (everything when null), up to `through`: entries from that instant on are left to the
   * dashboard's live read.
   */
  async rollUpCoins(timeZone: string, from: { day: string; since: Date } | null, through: Date, tx: Db): Promise<void> {
    const days = from === null ? sql`TRUE` : sql`day >= ${from.day}::date`;
    const after = from === null ? sql`TRUE` : sql`created_at >= ${from.since.toISOString()}::timestamptz`;
    await tx.execute(sql`DELETE FROM report_coin_days WHERE ${days}`);
    await tx.execute(
      sql`INSERT INTO report_coin_days (day, kind, entries, coins)
          SELECT day, kind, count(*), sum(amount)
          FROM (SELECT (created_at AT TIME ZONE ${timeZone})::date AS day, kind, amount
                FROM wallet_entries WHERE ${after} AND created_at < ${through.toISOString()}::timestamptz) e
          WHERE ${days}
          GROUP BY day, kind`,
    );
  }

  async saveState(state: RollupState, tx: Db): Promise<void> {
    const { timeZone, refreshedAt, recomputedFrom, durationMs } = state;
    await tx
      .insert(reportRefreshes)
      .values(state)
      .onConflictDoUpdate({ target: reportRefreshes.name, set: { timeZone, refreshedAt, recomputedFrom, durationMs } });
  }
}
