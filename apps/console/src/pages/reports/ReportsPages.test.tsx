import type { CoinsReport, DramaReport, Operator, RevenueReport, ViewersReport } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderConsole, whereAt } from '../../test/render-console';
import type { ChartData } from './chart-data';

// uPlot draws on a canvas, which jsdom has not: the chart shows the data it was given instead.
vi.mock('./UplotChart', () => ({
  default: ({ data }: { data: ChartData }) => (
    <ul aria-label="chart data">
      {data.series.map((s) => (
        <li key={s.label}>{`${s.label}: ${s.values.join(' ')}`}</li>
      ))}
    </ul>
  ),
}));

const user = userEvent.setup({ delay: null });

function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file was made'));
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsText(blob);
  });
}
const FINANCE: Operator = { id: 3, email: 'finance@example.com', role: 'finance' };
const EDITOR: Operator = { id: 4, email: 'editor@example.com', role: 'editor' };
const money = { sales: 0, gross_cents: 0, refunds_cents: 0, net_cents: 0 };

const REVENUE: RevenueReport = {
  range: { from: '2026-11-01', to: '2026-11-02', time_zone: 'Europe/Istanbul' },
  currency: 'USD',
  days: [
    { day: '2026-11-01', ...money, sales: 2, gross_cents: 1998, net_cents: 1998, paying_viewers: 2 },
    { day: '2026-11-02', ...money, refunds_cents: 499, net_cents: -499, paying_viewers: 0 },
  ],
  products: [{ product_id: 'vip_month', kind: 'vip', sales: 1, gross_cents: 1499, refunds_cents: 0, net_cents: 1499 }],
  channels: [{ channel: 'stripe', sales: 2, gross_cents: 1998, refunds_cents: 499, net_cents: 1499 }],
  totals: { sales: 2, gross_cents: 1998, refunds_cents: 499, net_cents: 1499, paying_viewers: 2, arppu_cents: 750 },
};

const DRAMA: DramaReport = {
  range: { from: '2026-11-01', to: '2026-11-02', time_zone: 'UTC' },
  freshness: { as_of: '2026-11-21T10:05:00.000Z', refresh_every_s: 300 },
  drama: { id: 7, title: 'Numbers X', free_episodes: 1 },
  episodes: [
    { episode_id: 71, number: 1, paid: false, plays: 40, viewers: 30, unlocks: 0, unlock_rate: null },
    { episode_id: 72, number: 2, paid: true, plays: 12, viewers: 10, unlocks: 6, unlock_rate: 0.2 },
  ],
  coins: 150,
  revenue_cents_estimate: 149,
  signed_in_viewers: 20,
  vip_viewers: 5,
};

describe('the revenue dashboard', () => {
  it('shows the totals, the chart of the days and the tables, for the range in the address', async () => {
    const { received } = renderConsole('/reports/revenue?from=2026-11-01&to=2026-11-02', {
      operator: FINANCE,
      api: { 'GET /reports/revenue': () => ({ data: REVENUE }) },
    });
    const chart = await screen.findByRole('list', { name: 'chart data' }, { timeout: 5000 });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sales amount: 19.98 0', 'Refunds: 0 4.99', 'Net: 19.98 -4.99']);
    expect(received.find((r) => r.path.startsWith('/reports/revenue'))?.path).toBe(
      '/reports/revenue?from=2026-11-01&to=2026-11-02',
    );
    expect(screen.getByText('ARPPU').nextElementSibling).toHaveTextContent('7.50 USD');
    const products = screen.getByRole('table', { name: 'By product' });
    expect(within(products).getAllByRole('row')[1]).toHaveTextContent('vip_month114.99 USD0.00 USD14.99 USD');
    expect(screen.getByText(/2026-11-01 to 2026-11-02, days in Europe\/Istanbul/)).toBeInTheDocument();
  });

  it('downloads a table as CSV under the file name the server gives', async () => {
    // jsdom has no object URLs: these stand in for the browser's for this test only.
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { received } = renderConsole('/reports/revenue?from=2026-11-01&to=2026-11-02', {
      operator: FINANCE,
      api: {
        'GET /reports/revenue': () => ({ data: REVENUE }),
        'GET /reports/revenue/csv': () => ({
          data: { filename: 'revenue_products_2026-11-01_2026-11-02.csv', content: 'product,sales\r\nvip_month,1\r\n' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download By product as CSV' }, { timeout: 5000 }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(received.at(-1)?.path).toBe('/reports/revenue/csv?from=2026-11-01&to=2026-11-02&table=products');
    expect(clicked[0]?.download).toBe('revenue_products_2026-11-01_2026-11-02.csv');
    const content = 'product,sales\r\nvip_month,1\r\n';
    // The file starts with a UTF-8 byte-order mark (three bytes), which FileReader leaves out.
    expect(created[0]?.size).toBe(content.length + 3);
    expect(await textOf(created[0])).toBe(content);
  });

  it('refuses a range that ends before it starts, and applies a good one to the address', async () => {
    const { router, received } = renderConsole('/reports/revenue', {
      operator: FINANCE,
      api: { 'GET /reports/revenue': () => ({ data: REVENUE }) },
    });
    await screen.findByRole('list', { name: 'chart data' }, { timeout: 5000 });
    expect(received.find((r) => r.path.startsWith('/reports/revenue'))?.path).toBe('/reports/revenue');
    await user.type(screen.getByLabelText('From'), '2026-11-05');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must not be before the first.');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-09');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(whereAt(router)).toBe('/reports/revenue?from=2026-11-05&to=2026-11-09'));
    await waitFor(() => expect(received.at(-1)?.path).toBe('/reports/revenue?from=2026-11-05&to=2026-11-09'));
  });

  it("says the server's refusal of a range in words", async () => {
    renderConsole('/reports/revenue?from=2020-01-01&to=2026-11-01', {
      operator: FINANCE,
      api: { 'GET /reports/revenue': () => ({ code: 80160, data: { max_days: 366 } }) },
    });
    expect(await screen.findByText(/at most 366 days long/, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("a drama's numbers", () => {
  it('lets an editor see the drop-off, unlock rates and VIP share, but no money dashboards', async () => {
    renderConsole('/reports/dramas/7', { operator: EDITOR, api: { 'GET /reports/dramas/7': () => ({ data: DRAMA }) } });
    const chart = await screen.findByRole('list', { name: 'chart data' }, { timeout: 5000 });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plays: 40 12', 'Viewers: 30 10']);
    const rows = within(screen.getByRole('table', { name: 'Episodes' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('2Paid1210620.0%');
    expect(screen.getByText('5 of 20 (25.0%)')).toBeInTheDocument();
    expect(screen.getByText(/as of 2026-11-21 10:05 UTC, refreshed every 5 minutes/)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Dashboards' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dramas']);
    expect(screen.getByRole('button', { name: 'Download Episodes as CSV' })).toBeEnabled();
  });
});

describe('the viewers and coins dashboards', () => {
  it('shows the freshness of the plays, the cohorts with shares, and "not yet" for days to come', async () => {
    const viewers: ViewersReport = {
      range: { from: '2026-11-20', to: '2026-11-21', time_zone: 'UTC' },
      freshness: { as_of: null, refresh_every_s: 300 },
      days: [
        { day: '2026-11-20', active: 8, signed_in: 6, new: 4 },
        { day: '2026-11-21', active: 5, signed_in: 5, new: 0 },
      ],
      weeks: [{ week: '2026-11-16', active: 9 }],
      months: [{ month: '2026-11', active: 9 }],
      cohorts: [
        { day: '2026-11-20', new: 4, d1: 3, d7: null },
        { day: '2026-11-21', new: 0, d1: null, d7: null },
      ],
    };
    renderConsole('/reports/viewers', {
      operator: FINANCE,
      api: { 'GET /reports/viewers': () => ({ data: viewers }) },
    });
    const rows = within(
      await screen.findByRole('table', { name: 'Retention cohorts' }, { timeout: 5000 }),
    ).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-11-2043 (75.0%)not yet');
    expect(rows[2]).toHaveTextContent('2026-11-210not yetnot yet');
    expect(screen.getByText(/Plays are not rolled up yet: they are refreshed every 5 minutes/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Weekly active viewers' })).getAllByRole('row')[1],
    ).toHaveTextContent('2026-11-169');
  });

  it('shows the coin groups and every ledger kind with its group', async () => {
    const groups = { purchased: 500, rewards: 35, support: 30, spent: 85, expired: 4, taken_back: 10, other: -2 };
    const coins: CoinsReport = {
      range: { from: '2026-11-20', to: '2026-11-20', time_zone: 'UTC' },
      days: [{ day: '2026-11-20', ...groups }],
      kinds: [
        { kind: 'recharge', group: 'purchased', entries: 1, coins: 500 },
        { kind: 'consume', group: 'spent', entries: 2, coins: -85 },
      ],
      totals: groups,
    };
    renderConsole('/reports/coins', { operator: FINANCE, api: { 'GET /reports/coins': () => ({ data: coins }) } });
    const kinds = within(await screen.findByRole('table', { name: 'By ledger kind' }, { timeout: 5000 })).getAllByRole(
      'row',
    );
    expect(kinds[2]).toHaveTextContent('consumeSpent2-85');
    expect(screen.getByText('Taken back').nextElementSibling).toHaveTextContent('10');
    const chart = screen.getByRole('list', { name: 'chart data' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Purchased: 500', 'Rewards: 35', 'Support: 30', 'Spent: 85', 'Expired: 4']);
  });
});
