import type { CoinsReport, DramaReport, RevenueReport } from '@cliffhanger/contract/console';
import { describe, expect, it } from 'vitest';
import { coinsChart, dayX, dropOffChart, percent, revenueChart } from './chart-data';

const range = { from: '2026-11-01', to: '2026-11-02', time_zone: 'UTC' };
const money = { sales: 0, gross_cents: 0, refunds_cents: 0, net_cents: 0 };

describe('chart data', () => {
  it('puts each day at its UTC midnight and money in currency units', () => {
    const report: RevenueReport = {
      range,
      currency: 'USD',
      days: [
        { day: '2026-11-01', ...money, sales: 1, gross_cents: 1299, net_cents: 1299, paying_viewers: 1 },
        { day: '2026-11-02', ...money, refunds_cents: 500, net_cents: -500, paying_viewers: 0 },
      ],
      products: [],
      channels: [],
      totals: { ...money, paying_viewers: 1, arppu_cents: 799 },
    };
    const chart = revenueChart(report, { gross: 'Gross', refunds: 'Refunds', net: 'Net' });
    expect(chart.x).toEqual([1793491200, 1793577600]);
    expect(dayX('2026-11-01')).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(chart.series).toEqual([
      { label: 'Gross', values: [12.99, 0] },
      { label: 'Refunds', values: [0, 5] },
      { label: 'Net', values: [12.99, -5] },
    ]);
    expect([chart.xKind, chart.bars]).toEqual(['day', false]);
  });

  it('draws issued and spent coin groups, each as a positive line', () => {
    const groups = { purchased: 500, rewards: 30, support: 0, spent: 25, expired: 4, taken_back: 0, other: -2 };
    const report: CoinsReport = { range, days: [{ day: '2026-11-01', ...groups }], kinds: [], totals: groups };
    expect(coinsChart(report, (g) => g).series).toEqual([
      { label: 'purchased', values: [500] },
      { label: 'rewards', values: [30] },
      { label: 'support', values: [0] },
      { label: 'spent', values: [25] },
      { label: 'expired', values: [4] },
    ]);
  });

  it('draws the drop-off as bars by episode number', () => {
    const episode = (number: number, plays: number, viewers: number) => ({
      episode_id: number + 100,
      number,
      paid: number > 2,
      plays,
      viewers,
      unlocks: 0,
      unlock_rate: null,
    });
    const report: DramaReport = {
      range,
      freshness: { as_of: null, refresh_every_s: 300 },
      drama: { id: 7, title: 'X', free_episodes: 2 },
      episodes: [episode(1, 50, 40), episode(2, 30, 25), episode(3, 10, 9)],
      coins: 0,
      revenue_cents_estimate: 0,
      signed_in_viewers: 0,
      vip_viewers: 0,
    };
    expect(dropOffChart(report, { plays: 'Plays', viewers: 'Viewers' })).toEqual({
      x: [1, 2, 3],
      xKind: 'number',
      bars: true,
      series: [
        { label: 'Plays', values: [50, 30, 10] },
        { label: 'Viewers', values: [40, 25, 9] },
      ],
    });
  });

  it('says a share with one decimal, and nothing without a whole', () => {
    expect([percent(1, 3), percent(0, 0)]).toEqual(['33.3', null]);
  });
});
