import type { CoinsReport, DramaReport, RevenueReport, ViewersReport } from '@cliffhanger/contract/console';

/** One line or set of bars: its label and a value for each x. */
interface ChartSeries {
  label: string;
  values: (number | null)[];
}

/**
 * What a chart draws, shaped from a dashboard's answer: x as days (seconds since 1970 at UTC
 * midnight, labelled as the day itself) or as plain numbers (episodes), and its series.
 */
export interface ChartData {
  x: number[];
  xKind: 'day' | 'number';
  bars: boolean;
  series: ChartSeries[];
}

/** A `YYYY-MM-DD` day as the x of a day chart. */
export const dayX = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;
/** Cents as the currency's units on a chart's axis. */
const units = (cents: number) => cents / 100;

/** A line chart over a report's days: one series per label, each read from every day. */
function dayChart<D extends { day: string }>(
  days: D[],
  series: [label: string, value: (day: D) => number][],
): ChartData {
  return {
    x: days.map((d) => dayX(d.day)),
    xKind: 'day',
    bars: false,
    series: series.map(([label, value]) => ({ label, values: days.map(value) })),
  };
}

export function revenueChart(
  report: RevenueReport,
  labels: { gross: string; refunds: string; net: string },
): ChartData {
  return dayChart(report.days, [
    [labels.gross, (d) => units(d.gross_cents)],
    [labels.refunds, (d) => units(d.refunds_cents)],
    [labels.net, (d) => units(d.net_cents)],
  ]);
}

export function viewersChart(
  report: ViewersReport,
  labels: { active: string; signedIn: string; new: string },
): ChartData {
  return dayChart(report.days, [
    [labels.active, (d) => d.active],
    [labels.signedIn, (d) => d.signed_in],
    [labels.new, (d) => d.new],
  ]);
}

/** The groups a coins chart draws: what was issued, and what left. */
export const COIN_CHART_GROUPS = ['purchased', 'rewards', 'support', 'spent', 'expired'] as const;

export function coinsChart(
  report: CoinsReport,
  label: (group: (typeof COIN_CHART_GROUPS)[number]) => string,
): ChartData {
  return dayChart(
    report.days,
    COIN_CHART_GROUPS.map((group) => [label(group), (d) => d[group]]),
  );
}

/** Plays and viewers per episode, as bars by episode number: where viewers drop off. */
export function dropOffChart(report: DramaReport, labels: { plays: string; viewers: string }): ChartData {
  return {
    x: report.episodes.map((e) => e.number),
    xKind: 'number',
    bars: true,
    series: [
      { label: labels.plays, values: report.episodes.map((e) => e.plays) },
      { label: labels.viewers, values: report.episodes.map((e) => e.viewers) },
    ],
  };
}

/** `part` of `whole` as a percentage with one decimal, or null without a whole. */
export function percent(part: number, whole: number): string | null {
  return whole > 0 ? ((part / whole) * 100).toFixed(1) : null;
}
