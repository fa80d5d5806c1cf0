import { Code } from '@cliffhanger/contract';
import {
  COIN_KIND_GROUPS,
  COIN_REPORT_GROUPS,
  type CoinReportGroup,
  type CoinsReport,
  type DramaReport,
  type DramasReport,
  type ReportRangeQuery,
  type RevenueReport,
  type ViewersReport,
} from '@cliffhanger/contract/console';
import type { WalletKind } from '@cliffhanger/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/envelope.js';
import type { Clock } from '../../../lib/clock.js';
import { ReportsMoneyRepository, type MoneyRow } from '../../../repositories/reports-money.repository.js';
import { ReportsPlaysRepository } from '../../../repositories/reports-plays.repository.js';
import { addDays, RewardCalendar } from '../../rewards/reward-calendar.js';
import { resolveRange, type ReportRange } from './report-range.js';
import { REPORTS_REFRESH_INTERVAL_S, type ReportRollupService } from './report-rollup.service.js';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  rollups: Pick<ReportRollupService, 'asOf' | 'coinsRolledUpTo'>;
}

/** How many dramas the dramas table lists. */
const TOP_DRAMAS = 100;

type Money = { sales: number; gross_cents: number; refunds_cents: number; net_cents: number };
const noMoney = (): Money => ({ sales: 0, gross_cents: 0, refunds_cents: 0, net_cents: 0 });
function addMoney(into: Money, row: MoneyRow): void {
  into.sales += row.sales;
  into.gross_cents += row.grossCents;
  into.refunds_cents += row.refundsCents;
  into.net_cents = into.gross_cents - into.refunds_cents;
}
/** One entry per key, made on first use, in first-seen order. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let found = map.get(key);
  if (found === undefined) {
    found = make();
    map.set(key, found);
  }
  return found;
}
const noCoins = (): Record<CoinReportGroup, number> =>
  Object.fromEntries(COIN_REPORT_GROUPS.map((g) => [g, 0])) as Record<CoinReportGroup, number>;
const groupOf = (kind: string): CoinReportGroup => COIN_KIND_GROUPS[kind as WalletKind] ?? 'other';

/**
 * The console's Numbers (docs/console.md#numbers). Money and coins are read from orders,
 * order_refunds, vip_entries and wallet_entries as they are at the request; viewers and dramas'
 * plays from the play rollups, which say when they were last refreshed. Every day is a calendar
 * day in REWARDS_TIME_ZONE, and every day of the range is answered, zeros included.
 */
export class ReportsService {
  private readonly money: ReportsMoneyRepository;
  private readonly plays: ReportsPlaysRepository;
  private readonly calendar: RewardCalendar;

  constructor(private readonly deps: ReportsDeps) {
    this.money = new ReportsMoneyRepository(deps.db);
    this.plays = new ReportsPlaysRepository(deps.db);
    this.calendar = new RewardCalendar(deps.timeZone);
  }

  range(query: ReportRangeQuery | undefined): ReportRange {
    return resolveRange(query, this.calendar, this.deps.clock());
  }

  async revenue(query: ReportRangeQuery | undefined): Promise<RevenueReport> {
    const range = this.range(query);
    const [rows, payers] = await Promise.all([this.money.money(range), this.money.payers(range)]);
    const days = new Map(range.days.map((day) => [day, noMoney()]));
    const products = new Map<string, Money & { kind: 'vip' | 'coins' }>();
    const channels = new Map<'stripe' | 'apple', Money>();
    const totals = noMoney();
    for (const row of rows) {
      addMoney(entry(days, row.day, noMoney), row);
      addMoney(
        entry(products, row.productId, () => ({ ...noMoney(), kind: row.kind })),
        row,
      );
      addMoney(entry(channels, row.channel, noMoney), row);
      addMoney(totals, row);
    }
    const payersOn = new Map(payers.map((p) => [p.day, p.payers]));
    const payingViewers = payersOn.get(null) ?? 0;
    return {
      range: this.rangeOut(range),
      currency: payers.find((p) => p.currency !== null)?.currency ?? 'USD',
      days: [...days].map(([day, m]) => ({ day, ...m, paying_viewers: payersOn.get(day) ?? 0 })),
      products: [...products]
        .map(([product_id, m]) => ({ product_id, ...m }))
        .sort((a, b) => b.gross_cents - a.gross_cents || a.product_id.localeCompare(b.product_id)),
      channels: [...channels]
        .map(([channel, m]) => ({ channel, ...m }))
        .sort((a, b) => a.channel.localeCompare(b.channel)),
      totals: {
        ...totals,
        paying_viewers: payingViewers,
        arppu_cents: payingViewers === 0 ? 0 : Math.round(totals.net_cents / payingViewers),
      },
    };
  }

  async viewers(query: ReportRangeQuery | undefined): Promise<ViewersReport> {
    const range = this.range(query);
    const [active, weeks, months, cohorts, freshness] = await Promise.all([
      this.plays.activeDays(range),
      this.plays.activePer('week', range),
      this.plays.activePer('month', range),
      this.plays.cohorts(range),
      this.freshness(),
    ]);
    const today = this.calendar.dateOf(this.deps.clock());
    const activeOn = new Map(active.map((row) => [row.day, row]));
    const cohortOn = new Map(cohorts.map((row) => [row.day, row]));
    // A cohort's D1 or D7 is unknown until that day has begun.
    const known = (day: string, after: number) => addDays(day, after) <= today;
    return {
      range: this.rangeOut(range),
      freshness,
      days: range.days.map((day) => {
        const row = activeOn.get(day);
        return { day, active: row?.active ?? 0, signed_in: row?.signedIn ?? 0, new: row?.new ?? 0 };
      }),
      weeks: weeks.map((w) => ({ week: w.period, active: w.active })),
      months: months.map((m) => ({ month: m.period, active: m.active })),
      cohorts: range.days.map((day) => {
        const row = cohortOn.get(day);
        return {
          day,
          new: row?.new ?? 0,
          d1: known(day, 1) ? (row?.d1 ?? 0) : null,
          d7: known(day, 7) ? (row?.d7 ?? 0) : null,
        };
      }),
    };
  }

  async coins(query: ReportRangeQuery | undefined): Promise<CoinsReport> {
    const range = this.range(query);
    const rows = await this.money.coins(range, await this.deps.rollups.coinsRolledUpTo());
    const days = new Map(range.days.map((day) => [day, noCoins()]));
    const kinds = new Map<string, { entries: number; coins: number }>();
    const totals = noCoins();
    for (const row of rows) {
      const group = groupOf(row.kind);
      // Expenses are negative in the ledger; the dashboard shows how many coins left, except for
      // `other`, whose kinds go both ways.
      const coins = group === 'other' ? row.coins : Math.abs(row.coins);
      entry(days, row.day, noCoins)[group] += coins;
      totals[group] += coins;
      const kind = entry(kinds, row.kind, () => ({ entries: 0, coins: 0 }));
      kind.entries += row.entries;
      kind.coins += row.coins;
    }
    return {
      range: this.rangeOut(range),
      days: [...days].map(([day, groups]) => ({ day, ...groups })),
      kinds: [...kinds]
        .map(([kind, k]) => ({ kind, group: groupOf(kind), ...k }))
        .sort(
          (a, b) =>
            COIN_REPORT_GROUPS.indexOf(a.group) - COIN_REPORT_GROUPS.indexOf(b.group) || a.kind.localeCompare(b.kind),
        ),
      totals,
    };
  }

  async dramas(query: ReportRangeQuery | undefined): Promise<DramasReport> {
    const range = this.range(query);
    const [top, freshness] = await Promise.all([this.plays.topDramas(range, TOP_DRAMAS), this.freshness()]);
    const ids = top.map((d) => d.dramaId);
    const [coins, unlocks] = await Promise.all([
      this.money.coinsByDrama(range, ids),
      this.plays.unlocksByDrama(range, ids),
    ]);
    return {
      range: this.rangeOut(range),
      freshness,
      dramas: top.map((d) => ({
        drama_id: d.dramaId,
        title: d.title,
        plays: d.plays,
        coins: coins.get(d.dramaId) ?? 0,
        unlocks: unlocks.get(d.dramaId) ?? 0,
      })),
    };
  }

  async drama(id: number, query: ReportRangeQuery | undefined): Promise<DramaReport> {
    const range = this.range(query);
    const drama = await this.plays.drama(id);
    if (drama === undefined) throw new AppError(Code.NOT_FOUND, 'No such drama');
    const [episodes, coins, packs, viewers, freshness] = await Promise.all([
      this.plays.episodes(id, range, range),
      this.money.coinsByDrama(range, [id]),
      this.money.coinPackSales(range),
      this.plays.signedInViewers(id, range, this.deps.clock()),
      this.freshness(),
    ]);
    const spent = coins.get(id) ?? 0;
    return {
      range: this.rangeOut(range),
      freshness,
      drama: { id: drama.id, title: drama.title, free_episodes: drama.freeEpisodes },
      episodes: episodes.map((e, i) => {
        const paid = e.number > drama.freeEpisodes;
        const reached = i === 0 ? 0 : (episodes[i - 1]?.viewers ?? 0);
        return {
          episode_id: e.episodeId,
          number: e.number,
          paid,
          plays: e.plays,
          viewers: e.viewers,
          unlocks: e.unlocks,
          unlock_rate: paid && reached > 0 ? e.unlocks / reached : null,
        };
      }),
      coins: spent,
      revenue_cents_estimate: packs.coins === 0 ? 0 : Math.round((spent * packs.cents) / packs.coins),
      signed_in_viewers: viewers.viewers,
      vip_viewers: viewers.vip,
    };
  }

  private rangeOut(range: ReportRange) {
    return { from: range.from, to: range.to, time_zone: range.timeZone };
  }

  private async freshness() {
    const asOf = await this.deps.rollups.asOf();
    return { as_of: asOf?.toISOString() ?? null, refresh_every_s: REPORTS_REFRESH_INTERVAL_S };
  }
}
