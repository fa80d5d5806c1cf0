import type { Db } from '../../../db/database.js';
import { REPORT_COINS_ROLLUP_NAME, REPORT_ROLLUP_NAME } from '../../../db/reports.schema.js';
import type { Clock } from '../../../lib/clock.js';
import { ReportsRollupRepository } from '../../../repositories/reports-rollup.repository.js';
import { addDays, RewardCalendar } from '../../rewards/reward-calendar.js';

/** How often the `reports-refresh` job runs: what the dashboards say of their freshness. */
export const REPORTS_REFRESH_INTERVAL_S = 300;

/**
 * How far behind the refresh's start the coin rollup stops: a ledger entry is stamped when its
 * transaction begins and seen only once it commits, so one still open at the refresh would be
 * missed by the rollup and, stamped before its end, by the live read too.
 */
const LEDGER_COMMIT_MARGIN_MS = 60_000;

export interface ReportRollupDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

export interface RollupRefresh {
  /** Recomputed from the first play (first run, or a new time zone) or from a recent day. */
  rebuilt: boolean;
  /** The first local day recomputed; null when everything was. */
  from_day: string | null;
  plays: number;
  duration_ms: number;
}

/**
 * Keeps the play rollups behind the viewer and drama dashboards current (docs/console.md#numbers).
 * A refresh recomputes only the recent days: from the local day before the previous refresh
 * began, so plays written a little late (the play counter's batches) are still counted, and every
 * day it reads is read whole. It is safe to repeat and to run in two processes at once (they take
 * turns on an advisory lock). A change of REWARDS_TIME_ZONE moves every day, so then everything is
 * rebuilt.
 */
export class ReportRollupService {
  private readonly rollups: ReportsRollupRepository;
  private readonly calendar: RewardCalendar;

  constructor(private readonly deps: ReportRollupDeps) {
    this.rollups = new ReportsRollupRepository(deps.db);
    this.calendar = new RewardCalendar(deps.timeZone);
  }

  async refresh(): Promise<RollupRefresh> {
    const began = this.deps.clock();
    const started = performance.now();
    return this.deps.db.transaction(async (tx) => {
      await this.rollups.lock(REPORT_ROLLUP_NAME, tx);
      const previous = await this.rollups.state(REPORT_ROLLUP_NAME, tx);
      const rebuild = previous === undefined || previous.timeZone !== this.deps.timeZone;
      const fromDay = rebuild ? null : addDays(this.calendar.dateOf(previous.refreshedAt), -1);
      const since = fromDay === null ? null : this.calendar.startOf(fromDay);
      if (rebuild) await this.rollups.clear(tx);
      const plays = await this.rollups.rollUp(this.deps.timeZone, since, tx);
      await this.rollups.recount(fromDay, tx);
      const coinsThrough = await this.rollUpCoins(began, tx);
      const durationMs = Math.round(performance.now() - started);
      await this.rollups.saveState(
        {
          name: REPORT_COINS_ROLLUP_NAME,
          timeZone: this.deps.timeZone,
          refreshedAt: coinsThrough,
          recomputedFrom: since,
          durationMs,
        },
        tx,
      );
      await this.rollups.saveState(
        {
          name: REPORT_ROLLUP_NAME,
          timeZone: this.deps.timeZone,
          refreshedAt: began,
          recomputedFrom: since,
          durationMs,
        },
        tx,
      );
      return { rebuilt: rebuild, from_day: fromDay, plays, duration_ms: durationMs };
    });
  }

  /**
   * The coin rollup, from the local day before the one its last refresh reached (everything the
   * first time, or after a change of zone), up to a margin before this refresh began; answers
   * that instant.
   */
  private async rollUpCoins(began: Date, tx: Db): Promise<Date> {
    const previous = await this.rollups.state(REPORT_COINS_ROLLUP_NAME, tx);
    const fromDay =
      previous === undefined || previous.timeZone !== this.deps.timeZone
        ? null
        : addDays(this.calendar.dateOf(previous.refreshedAt), -1);
    const through = new Date(began.getTime() - LEDGER_COMMIT_MARGIN_MS);
    const from = fromDay === null ? null : { day: fromDay, since: this.calendar.startOf(fromDay) };
    await this.rollups.rollUpCoins(this.deps.timeZone, from, through, tx);
    return through;
  }

  /** Up to when the coin ledger is rolled up in this zone (null: not yet); later entries are read live. */
  async coinsRolledUpTo(): Promise<Date | null> {
    const state = await this.rollups.state(REPORT_COINS_ROLLUP_NAME);
    return state !== undefined && state.timeZone === this.deps.timeZone ? state.refreshedAt : null;
  }

  /** When the rollups were last refreshed (null: never yet). */
  async asOf(): Promise<Date | null> {
    const state = await this.rollups.state(REPORT_ROLLUP_NAME);
    return state !== undefined && state.timeZone === this.deps.timeZone ? state.refreshedAt : null;
  }
}
