import { Code, WALLET_KINDS } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  type CoinsReport,
  type DramaReport,
  type DramasReport,
  type ReportCsv,
  type RevenueReport,
  type ViewersReport,
} from '@cliffhanger/contract/console';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { episodePlays, walletEntries } from '../../src/db/schema.js';
import { ReportRollupService } from '../../src/services/console/reports/report-rollup.service.js';
import { envelope } from '../helpers/accounts.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { FIXTURE_TIME_ZONE, seedReportsFixture, type ReportsFixture } from './reports-fixture.js';

/**
 * The Numbers dashboards on a hand-made world (reports-fixture.ts): each figure below is worked
 * out by hand from its rows, in Europe/Istanbul days (UTC+3), over 2026-11-01..2026-11-10.
 */
let t: TestApp;
const clock = new TestClock('2026-11-21T10:00:00.000Z');
let finance: ConsoleOperator;
let editor: ConsoleOperator;
let w: ReportsFixture;
let refreshedAt: string;
const RANGE = 'from=2026-11-01&to=2026-11-10';

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { REWARDS_TIME_ZONE: FIXTURE_TIME_ZONE } });
  finance = await signedInOperator(t.app, clock, 'finance');
  editor = await signedInOperator(t.app, clock, 'editor');
  w = await seedReportsFixture(t.app.database.db, finance.id);
  refreshedAt = clock.now().toISOString();
  await t.app.services.console.reportRollups.refresh();
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, operator = finance) =>
  t.app.inject({ method: 'GET', url: `${CONSOLE_API_PREFIX}${path}`, headers: consoleHeaders(operator) });
const data = async <T>(path: string, operator = finance) => {
  const response = await get(path, operator);
  expect(response.statusCode, response.body).toBe(200);
  return envelope<T>(response).data;
};
const csvRows = async (path: string, operator = finance) => {
  const csv = await data<ReportCsv>(path, operator);
  return { filename: csv.filename, content: csv.content, rows: parse(csv.content) };
};
const byDay = <T extends { day: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.day, r]));

describe('revenue', () => {
  it('sums sales, refunds, net, paying viewers and ARPPU by local day, product and channel', async () => {
    const r = await data<RevenueReport>(`/reports/revenue?${RANGE}`);
    expect(r.range).toEqual({ from: '2026-11-01', to: '2026-11-10', time_zone: FIXTURE_TIME_ZONE });
    expect(r.currency).toBe('USD');
    // A (11-02), B at 21:00Z = 11-03 00:00 local, C (11-03), D's renewal (11-06), F (11-07); E unpaid, G 11-11 local.
    expect(r.totals).toEqual({
      sales: 5,
      gross_cents: 4495,
      refunds_cents: 2198,
      net_cents: 2297,
      paying_viewers: 3,
      arppu_cents: 766,
    });
    expect(r.days).toHaveLength(10);
    const days = byDay(r.days);
    expect(days['2026-11-02']).toMatchObject({ sales: 1, gross_cents: 499, refunds_cents: 0, paying_viewers: 1 });
    expect(days['2026-11-03']).toMatchObject({ sales: 2, gross_cents: 1998, paying_viewers: 2 });
    // C refunded in full at the provider, B partly from the console, F in full from the console.
    expect(days['2026-11-04']).toMatchObject({ sales: 0, refunds_cents: 1499, net_cents: -1499 });
    expect(days['2026-11-05']).toMatchObject({ refunds_cents: 200 });
    expect(days['2026-11-06']).toMatchObject({ sales: 1, gross_cents: 1499, paying_viewers: 1 });
    expect(days['2026-11-08']).toMatchObject({ refunds_cents: 499 });
    expect(days['2026-11-10']).toEqual({
      day: '2026-11-10',
      sales: 0,
      gross_cents: 0,
      refunds_cents: 0,
      net_cents: 0,
      paying_viewers: 0,
    });
    expect(r.products).toEqual([
      { product_id: 'vip_month', kind: 'vip', sales: 2, gross_cents: 2998, refunds_cents: 1499, net_cents: 1499 },
      { product_id: 'coins_500', kind: 'coins', sales: 3, gross_cents: 1497, refunds_cents: 699, net_cents: 798 },
    ]);
    expect(r.channels).toEqual([
      { channel: 'apple', sales: 1, gross_cents: 499, refunds_cents: 200, net_cents: 299 },
      { channel: 'stripe', sales: 4, gross_cents: 3996, refunds_cents: 1998, net_cents: 1998 },
    ]);
  });

  it('counts a sale at the first instant of a local day in that day, not the UTC one', async () => {
    const r = await data<RevenueReport>('/reports/revenue?from=2026-11-03&to=2026-11-03');
    // B (2026-11-02T21:00:00Z) and C; A one second earlier is 11-02.
    expect(r.totals).toMatchObject({ sales: 2, gross_cents: 1998 });
  });
});

describe('viewers', () => {
  it('counts active, signed-in and new viewers, weeks, months and D1/D7 cohorts', async () => {
    const r = await data<ViewersReport>(`/reports/viewers?${RANGE}`);
    expect(r.freshness.refresh_every_s).toBe(300);
    expect(r.freshness.as_of).toBe(refreshedAt);
    expect(r.days.map((d) => [d.day.slice(8), d.active, d.signed_in, d.new])).toEqual([
      ['01', 1, 1, 1],
      ['02', 2, 2, 1],
      ['03', 2, 2, 0],
      ['04', 1, 0, 0],
      ['05', 1, 1, 1],
      ['06', 1, 1, 0],
      ['07', 0, 0, 0],
      ['08', 0, 0, 0],
      ['09', 1, 1, 0],
      ['10', 0, 0, 0],
    ]);
    // Whole weeks from Monday that overlap the range: 11-01 is a Sunday.
    expect(r.weeks).toEqual([
      { week: '2026-10-26', active: 1 },
      { week: '2026-11-02', active: 4 },
      { week: '2026-11-09', active: 1 },
    ]);
    expect(r.months).toEqual([{ month: '2026-11', active: 4 }]);
    const cohorts = byDay(r.cohorts);
    expect(cohorts['2026-11-01']).toEqual({ day: '2026-11-01', new: 1, d1: 1, d7: 0 });
    expect(cohorts['2026-11-02']).toEqual({ day: '2026-11-02', new: 1, d1: 1, d7: 1 });
    expect(cohorts['2026-11-05']).toEqual({ day: '2026-11-05', new: 1, d1: 1, d7: 0 });
    expect(cohorts['2026-11-03']).toEqual({ day: '2026-11-03', new: 0, d1: 0, d7: 0 });
  });

  it('leaves D1 and D7 unknown for days not yet reached', async () => {
    const r = await data<ViewersReport>('/reports/viewers?from=2026-11-14&to=2026-11-21');
    const cohorts = byDay(r.cohorts);
    expect(cohorts['2026-11-14']).toMatchObject({ d1: 0, d7: 0 });
    expect(cohorts['2026-11-15']).toMatchObject({ d1: 0, d7: null });
    expect(cohorts['2026-11-21']).toMatchObject({ d1: null, d7: null });
  });
});

describe('coins', () => {
  it('adds up every ledger kind by group and local day', async () => {
    const r = await data<CoinsReport>(`/reports/coins?${RANGE}`);
    expect(r.totals).toEqual({
      purchased: 500,
      rewards: 193,
      support: 30,
      spent: 85,
      expired: 4,
      taken_back: 210,
      other: 3,
    });
    const days = byDay(r.days);
    expect(days['2026-11-02']).toMatchObject({ purchased: 500, rewards: 0 });
    expect(days['2026-11-03']).toMatchObject({ purchased: 0, rewards: 35 });
    expect(days['2026-11-05']).toMatchObject({ support: 30, taken_back: 10, spent: 25 });
    expect(days['2026-11-09']).toMatchObject({ other: 3 });
    expect(r.kinds.find((k) => k.kind === 'consume')).toEqual({
      kind: 'consume',
      group: 'spent',
      entries: 2,
      coins: -85,
    });
    expect(r.kinds.map((k) => k.kind).sort()).toEqual([...WALLET_KINDS].sort());
  });
});

describe('dramas', () => {
  it('lists the most played dramas with their coins and unlocks', async () => {
    const r = await data<DramasReport>(`/reports/dramas?${RANGE}`, editor);
    expect(r.dramas).toEqual([
      { drama_id: w.dramaX, title: 'Numbers X', plays: 13, coins: 85, unlocks: 3 },
      { drama_id: w.dramaY, title: '=HYPERLINK("http://x.test","a,b")', plays: 1, coins: 0, unlocks: 0 },
    ]);
  });

  it("shows one drama's drop-off, unlock rates, coins, estimated revenue and VIP share", async () => {
    const r = await data<DramaReport>(`/reports/dramas/${w.dramaX}?${RANGE}`, editor);
    expect(r.drama).toEqual({ id: w.dramaX, title: 'Numbers X', free_episodes: 2 });
    expect(r.episodes.map((e) => [e.number, e.paid, e.plays, e.viewers, e.unlocks, e.unlock_rate])).toEqual([
      [1, false, 5, 3, 0, null],
      [2, false, 3, 3, 0, null],
      [3, true, 3, 3, 2, 2 / 3],
      [4, true, 2, 2, 1, 1 / 3],
    ]);
    expect(r.coins).toBe(85);
    // 1497 cents bought 1500 coins in the range: 85 coins ≈ 85 cents.
    expect(r.revenue_cents_estimate).toBe(85);
    expect([r.signed_in_viewers, r.vip_viewers]).toEqual([3, 1]);
  });

  it('answers 10002 for an unknown drama', async () => {
    const response = await get(`/reports/dramas/987654?${RANGE}`, editor);
    expect(response.json<{ code: number }>().code).toBe(Code.NOT_FOUND);
  });

  it('keeps money dashboards from editors', async () => {
    const response = await get(`/reports/revenue?${RANGE}`, editor);
    expect([response.statusCode, response.json<{ code: number }>().code]).toEqual([403, Code.OPERATOR_ROLE_FORBIDDEN]);
  });
});

describe('ranges', () => {
  it('defaults to the last 30 local days, today included', async () => {
    const r = await data<CoinsReport>('/reports/coins');
    expect(r.range).toEqual({ from: '2026-10-23', to: '2026-11-21', time_zone: FIXTURE_TIME_ZONE });
    expect(r.days).toHaveLength(30);
  });

  it('answers every day of an empty range with zeros', async () => {
    const r = await data<RevenueReport>('/reports/revenue?from=2025-01-01&to=2025-01-03');
    expect(r.days.map((d) => [d.day, d.sales, d.net_cents])).toEqual([
      ['2025-01-01', 0, 0],
      ['2025-01-02', 0, 0],
      ['2025-01-03', 0, 0],
    ]);
    expect(r.totals).toMatchObject({ sales: 0, paying_viewers: 0, arppu_cents: 0 });
    const v = await data<ViewersReport>('/reports/viewers?from=2025-01-01&to=2025-01-03');
    expect([v.weeks, v.months, v.days.map((d) => d.active)]).toEqual([[], [], [0, 0, 0]]);
  });

  it.each([
    ['ends before it starts', 'from=2026-11-10&to=2026-11-01', Code.REPORT_RANGE_INVALID],
    ['is longer than 366 days', 'from=2025-01-01&to=2026-01-02', Code.REPORT_RANGE_INVALID],
    ['is not a day', 'from=2026-13-01&to=2026-11-10', Code.INVALID_INPUT],
    ['has an unknown field', 'from=2026-11-01&days=3', Code.INVALID_INPUT],
  ])('refuses a range that %s', async (_, query, code) => {
    for (const path of ['/reports/revenue', '/reports/viewers', '/reports/coins', '/reports/dramas']) {
      const response = await get(`${path}?${query}`);
      expect(response.json<{ code: number }>().code, path).toBe(code);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('CSV', () => {
  it('exports each table with a header and one row per line', async () => {
    const days = await csvRows(`/reports/revenue/csv?${RANGE}&table=days`);
    expect(days.filename).toBe('revenue_days_2026-11-01_2026-11-10.csv');
    expect(days.rows[0]).toEqual(['day', 'sales', 'gross_cents', 'refunds_cents', 'net_cents', 'paying_viewers']);
    expect(days.rows).toHaveLength(11);
    // A negative number stays a number: only text is defused.
    expect(days.rows[4]).toEqual(['2026-11-04', '0', '0', '1499', '-1499', '0']);
    expect(days.content.endsWith('\r\n')).toBe(true);

    const cohorts = await csvRows(`/reports/viewers/csv?${RANGE}&table=cohorts`);
    expect(cohorts.rows.slice(0, 3)).toEqual([
      ['day', 'new', 'd1', 'd7'],
      ['2026-11-01', '1', '1', '0'],
      ['2026-11-02', '1', '1', '1'],
    ]);
    const kinds = await csvRows(`/reports/coins/csv?${RANGE}&table=kinds`);
    expect(kinds.rows[0]).toEqual(['kind', 'group', 'entries', 'coins']);
    expect(kinds.rows).toContainEqual(['consume', 'spent', '2', '-85']);
    const episodes = await csvRows(`/reports/dramas/${w.dramaX}/csv?${RANGE}`, editor);
    expect(episodes.rows[3]).toEqual(['3', 'paid', '3', '3', '2', '0.6667']);
  });

  it('quotes commas and quotes, and defuses cells a spreadsheet would run as formulas', async () => {
    const dramas = await csvRows(`/reports/dramas/csv?${RANGE}`);
    expect(dramas.rows[2]).toEqual([String(w.dramaY), `'=HYPERLINK("http://x.test","a,b")`, '1', '0', '0']);
    expect(dramas.content).toContain(`"'=HYPERLINK(""http://x.test"",""a,b"")"`);
  });

  it('answers an empty table as its header alone, and refuses an unknown table', async () => {
    const empty = await csvRows('/reports/dramas/csv?from=2025-01-01&to=2025-01-03');
    expect(empty.rows).toEqual([['drama_id', 'title', 'plays', 'coins', 'unlocks']]);
    const response = await get(`/reports/coins/csv?${RANGE}&table=secrets`);
    expect(response.json<{ code: number }>().code).toBe(Code.INVALID_INPUT);
  });
});

describe('the rollup refresh', () => {
  const activeOn = async (day: string) =>
    (await data<ViewersReport>(`/reports/viewers?from=${day}&to=${day}`)).days[0]?.active;

  it('recomputes only recent days, is safe to repeat, and rebuilds everything for a new time zone', async () => {
    const rollups = t.app.services.console.reportRollups;
    // Today (11-21 local) a new visitor plays; and a play of 11-10 is written late.
    await t.app.database.db.insert(episodePlays).values([
      { viewerKey: 'a:late', episodeId: w.ep[0]!, day: '2026-11-21', createdAt: new Date('2026-11-21T09:00:00Z') },
      { viewerKey: 'a:old', episodeId: w.ep[0]!, day: '2026-11-10', createdAt: new Date('2026-11-10T09:00:00Z') },
    ]);
    clock.advance(300);
    const first = await rollups.refresh();
    // The previous refresh was on 11-21: it re-reads from 11-20, so 11-10's late play waits for a rebuild.
    expect(first).toMatchObject({ rebuilt: false, from_day: '2026-11-20', plays: 1 });
    expect(await activeOn('2026-11-21')).toBe(1);
    expect(await activeOn('2026-11-10')).toBe(0);
    const before = await rollupDigest();
    expect(await rollups.refresh()).toMatchObject({ rebuilt: false, plays: 1 });
    expect(await rollupDigest()).toEqual(before);

    // A play of 11-20 written late: the visitor's first day moves back, and so does its cohort.
    await t.app.database.db.insert(episodePlays).values({
      viewerKey: 'a:late',
      episodeId: w.ep[1]!,
      day: '2026-11-20',
      createdAt: new Date('2026-11-20T08:00:00Z'),
    });
    await rollups.refresh();
    const cohorts = (await data<ViewersReport>('/reports/viewers?from=2026-11-20&to=2026-11-21')).cohorts;
    expect(cohorts).toEqual([
      { day: '2026-11-20', new: 1, d1: 1, d7: null },
      { day: '2026-11-21', new: 0, d1: null, d7: null },
    ]);

    // Counted in UTC days, u2's play of episode 2 at 11-02T21:00:00Z falls on 11-02 (11-03 in Istanbul).
    const episode2On1102 = async () =>
      (
        await queryRows<{ plays: number }>(
          t.app.database.db,
          sql`select plays from report_episode_days where episode_id = ${w.ep[1]!} and day = '2026-11-02'`,
        )
      ).map((row) => row.plays);
    const utc = new ReportRollupService({ db: t.app.database.db, clock: clock.now, timeZone: 'UTC' });
    expect(await utc.refresh()).toMatchObject({ rebuilt: true, from_day: null });
    expect(await episode2On1102()).toEqual([1]);
    // The app's own zone again: a rebuild, back to Istanbul's days, the late play of 11-10 included.
    expect(await rollups.refresh()).toMatchObject({ rebuilt: true });
    expect(await episode2On1102()).toEqual([]);
    expect(await activeOn('2026-11-10')).toBe(1);
    expect(await activeOn('2026-11-02')).toBe(2);
  });
});

async function rollupDigest(): Promise<string[]> {
  const tables = [
    'report_viewer_days',
    'report_viewer_periods',
    'report_active_counts',
    'report_viewer_first',
    'report_cohorts',
    'report_episode_days',
    'report_episode_viewers',
  ];
  const parts = tables.map(
    (name) =>
      sql`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
  );
  const rows = await queryRows<{ digest: string }>(t.app.database.db, sql.join(parts, sql` union all `));
  return rows.map((r) => r.digest);
}

describe('the coin rollup', () => {
  it('reads the days it holds and adds what the ledger took since, live: exact either way', async () => {
    const today = '2026-11-21';
    const entry = (amount: number, createdAt: Date, key: string) => ({
      userId: w.u1,
      kind: 'giveaway' as const,
      amount,
      balanceAfter: 1000,
      idempotencyKey: `coin-rollup-${key}`,
      createdAt,
    });
    // One entry before the refresh (rolled up), one after it (left to the live read).
    await t.app.database.db.insert(walletEntries).values(entry(7, new Date(clock.now().getTime() - 600_000), 'before'));
    await t.app.services.console.reportRollups.refresh();
    await t.app.database.db.insert(walletEntries).values(entry(11, clock.now(), 'after'));

    const rolled = await queryRows<{ entries: number | string; coins: number | string }>(
      t.app.database.db,
      sql`select entries, coins from report_coin_days where day = ${today}::date and kind = 'giveaway'`,
    );
    expect(rolled.map((r) => [Number(r.entries), Number(r.coins)])).toEqual([[1, 7]]);
    const r = await data<CoinsReport>(`/reports/coins?from=${today}&to=${today}`);
    expect(r.totals.rewards).toBe(18);
    expect(r.kinds.find((k) => k.kind === 'giveaway')).toMatchObject({ entries: 2, coins: 18 });
  });
});

describe('reconciliation with the tables themselves', () => {
  it('revenue and coin totals over everything equal sums taken straight from orders, order_refunds, vip_entries and wallet_entries', async () => {
    const all = 'from=2026-01-01&to=2026-12-31';
    const revenue = await data<RevenueReport>(`/reports/revenue?${all}`);
    const coins = await data<CoinsReport>(`/reports/coins?${all}`);
    const db = t.app.database.db;
    const [money] = await queryRows<{
      paid: string | number;
      renewals: string | number;
      refunded: string | number;
      provider: string | number;
    }>(
      db,
      sql`select
            (select coalesce(sum(price_cents), 0) from orders where fulfilled_at is not null) as paid,
            (select coalesce(sum(o.price_cents), 0) from vip_entries v join orders o on o.id = v.order_id where v.kind = 'renewal') as renewals,
            (select coalesce(sum(amount_cents), 0) from order_refunds where status = 'succeeded') as refunded,
            (select coalesce(sum(o.price_cents - coalesce((select sum(r.amount_cents) from order_refunds r where r.order_id = o.id and r.status = 'succeeded'), 0)), 0)
               from orders o where o.status = 'refunded') as provider`,
    );
    const gross = Number(money?.paid) + Number(money?.renewals);
    const refunds = Number(money?.refunded) + Number(money?.provider);
    // By hand: A, B, F, G (4 × 499) and C, D (2 × 1499, D in October) paid, and D's renewal (1499).
    expect(gross).toBe(6493);
    expect(revenue.totals).toMatchObject({ gross_cents: gross, refunds_cents: refunds, net_cents: gross - refunds });
    expect(revenue.days.reduce((sum, d) => sum + d.net_cents, 0)).toBe(gross - refunds);
    expect(revenue.products.reduce((sum, p) => sum + p.gross_cents, 0)).toBe(gross);

    const ledger = await queryRows<{ kind: string; coins: string | number; entries: string | number }>(
      db,
      sql`select kind, sum(amount) as coins, count(*) as entries from wallet_entries group by kind`,
    );
    expect(ledger).toHaveLength(WALLET_KINDS.length);
    for (const row of ledger) {
      expect(
        coins.kinds.find((k) => k.kind === row.kind),
        row.kind,
      ).toMatchObject({
        coins: Number(row.coins),
        entries: Number(row.entries),
      });
    }
    const signed =
      coins.totals.purchased +
      coins.totals.rewards +
      coins.totals.support +
      coins.totals.other -
      coins.totals.spent -
      coins.totals.expired -
      coins.totals.taken_back;
    expect(signed).toBe(ledger.reduce((sum, row) => sum + Number(row.coins), 0));
  });
});
