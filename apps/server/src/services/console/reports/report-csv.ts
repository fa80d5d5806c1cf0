import type {
  CoinsReport,
  DramaReport,
  DramasReport,
  ReportCsv,
  RevenueReport,
  ViewersReport,
} from '@cliffhanger/contract/console';
import { COIN_REPORT_GROUPS } from '@cliffhanger/contract/console';
import { stringify } from 'csv-stringify/sync';

type Cell = string | number | null;

/**
 * A table as RFC 4180 CSV with a header row (an empty table is its header alone). A text cell that
 * a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return: a
 * drama's title, say) gets a leading `'`; numbers stay numbers, negative ones included.
 */
function toCsv(
  name: string,
  range: { from: string; to: string },
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
): ReportCsv {
  const content = stringify([columns, ...rows] as Cell[][], { escape_formulas: true, record_delimiter: '\r\n' });
  return { filename: `${name}_${range.from}_${range.to}.csv`, content };
}

export function revenueCsv(report: RevenueReport, table: 'days' | 'products' | 'channels'): ReportCsv {
  // Whole cents, as the dashboard counts them: exact in any spreadsheet.
  const moneyColumns = ['sales', 'gross_cents', 'refunds_cents', 'net_cents'];
  const money = (m: { sales: number; gross_cents: number; refunds_cents: number; net_cents: number }) => [
    m.sales,
    m.gross_cents,
    m.refunds_cents,
    m.net_cents,
  ];
  const name = `revenue_${table}`;
  if (table === 'days') {
    const rows = report.days.map((d) => [d.day, ...money(d), d.paying_viewers]);
    return toCsv(name, report.range, ['day', ...moneyColumns, 'paying_viewers'], rows);
  }
  if (table === 'products') {
    const rows = report.products.map((p) => [p.product_id, p.kind, ...money(p)]);
    return toCsv(name, report.range, ['product', 'kind', ...moneyColumns], rows);
  }
  return toCsv(
    name,
    report.range,
    ['channel', ...moneyColumns],
    report.channels.map((ch) => [ch.channel, ...money(ch)]),
  );
}

export function viewersCsv(report: ViewersReport, table: 'days' | 'weeks' | 'months' | 'cohorts'): ReportCsv {
  const name = `viewers_${table}`;
  switch (table) {
    case 'days':
      return toCsv(
        name,
        report.range,
        ['day', 'active', 'signed_in', 'new'],
        report.days.map((d) => [d.day, d.active, d.signed_in, d.new]),
      );
    case 'weeks':
      return toCsv(
        name,
        report.range,
        ['week_from', 'active'],
        report.weeks.map((w) => [w.week, w.active]),
      );
    case 'months':
      return toCsv(
        name,
        report.range,
        ['month', 'active'],
        report.months.map((m) => [m.month, m.active]),
      );
    case 'cohorts':
      return toCsv(
        name,
        report.range,
        ['day', 'new', 'd1', 'd7'],
        report.cohorts.map((ch) => [ch.day, ch.new, ch.d1, ch.d7]),
      );
  }
}

export function coinsCsv(report: CoinsReport, table: 'days' | 'kinds'): ReportCsv {
  if (table === 'days') {
    const rows = report.days.map((d) => [d.day, ...COIN_REPORT_GROUPS.map((g) => d[g])]);
    return toCsv('coins_days', report.range, ['day', ...COIN_REPORT_GROUPS], rows);
  }
  const rows = report.kinds.map((k) => [k.kind, k.group, k.entries, k.coins]);
  return toCsv('coins_kinds', report.range, ['kind', 'group', 'entries', 'coins'], rows);
}

export function dramasCsv(report: DramasReport): ReportCsv {
  const rows = report.dramas.map((d) => [d.drama_id, d.title, d.plays, d.coins, d.unlocks]);
  return toCsv('dramas', report.range, ['drama_id', 'title', 'plays', 'coins', 'unlocks'], rows);
}

export function dramaCsv(report: DramaReport): ReportCsv {
  const rows = report.episodes.map((e) => [
    e.number,
    e.paid ? 'paid' : 'free',
    e.plays,
    e.viewers,
    e.unlocks,
    e.unlock_rate === null ? null : e.unlock_rate.toFixed(4),
  ]);
  return toCsv(
    `drama_${report.drama.id}_episodes`,
    report.range,
    ['episode', 'price', 'plays', 'viewers', 'unlocks', 'unlock_rate'],
    rows,
  );
}
