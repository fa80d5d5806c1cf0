import type { WalletEntry, WalletKind, WalletPage as WalletPageData } from '@cliffhanger/contract/browser';
import { WALLET_KIND_GROUPS, WALLET_KINDS } from '@cliffhanger/contract/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type ApiCall } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { WalletPage } from './wallet-page';

function entry(id: number, kind: WalletKind, amount: number, overrides: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id,
    kind,
    group: WALLET_KIND_GROUPS[kind],
    amount,
    balance_after: 100,
    created_at: '2026-11-21T09:05:00.000Z',
    expires_at: null,
    ref: null,
    subject: null,
    ...overrides,
  };
}

function walletPage(list: WalletEntry[], overrides: Partial<WalletPageData> = {}): WalletPageData {
  return { list, next_cursor: null, balance: 120, expiring: [], ...overrides };
}

function open(path = '/pages/user/wallet') {
  return renderRoutes(
    [
      {
        path: '/pages/user/wallet',
        element: (
          <>
            <WalletPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

const rows = () => screen.queryAllByTestId('wallet-entry');
const walletCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/wallet');

describe('wallet page: balance, expiring coins and the ledger by tab', () => {
  it('asks a visitor to sign in and asks the server nothing', () => {
    const api = stubApi();
    open();
    expect(screen.getByTestId('login-required')).toBeInTheDocument();
    expect(walletCalls(api.calls)).toHaveLength(0);
  });

  it('lists entries newest first with kind, signed amount, time and group colour', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({
      'GET /wallet': {
        code: 200,
        data: walletPage([
          entry(3, 'consume', -40, { balance_after: 120 }),
          entry(2, 'checkin_reward', 20),
          entry(1, 'giveaway', 140),
        ]),
      },
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Consumption')).toBeInTheDocument();
    expect(first.querySelector('[data-role="wallet-amount"]')).toHaveTextContent('\u221240');
    expect(first.querySelector('[data-role="wallet-amount"]')).toHaveClass('wallet-entry__amount--expense');
    expect(first).toHaveTextContent('Balance 120');
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T09:05:00.000Z');
    expect(first.querySelector('time')).toHaveTextContent(/Nov 21, 2026/);
    expect(within(second).getByText('Check-in reward')).toBeInTheDocument();
    expect(second.querySelector('[data-role="wallet-amount"]')).toHaveTextContent('+20');
    expect(second.querySelector('[data-role="wallet-amount"]')).toHaveClass('wallet-entry__amount--income');
    expect(screen.getByTestId('network-issue-notice')).toBeInTheDocument();
  });

  it('says what each entry was for: the drama and episode unlocked, the task, the check-in day, the pack', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    const api = stubApi({
      'GET /wallet': {
        code: 200,
        data: walletPage([
          entry(6, 'consume', -30, { ref: 'episode:12', subject: { drama_id: 3, drama_title: 'Midnight Heiress', episode_number: 6 } }),
          entry(5, 'consume', -100, { ref: 'drama:3:all', subject: { drama_id: 3, drama_title: 'Midnight Heiress', episode_number: null } }),
          entry(4, 'share_app_reward', 20, { ref: 'task:share_app' }),
          entry(3, 'checkin_reward', 10, { ref: 'checkin:day:2' }),
          entry(2, 'recharge', 500),
          entry(1, 'giveaway', 140),
        ]),
      },
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(6));
    const details = rows().map((row) => row.querySelector('[data-role="wallet-detail"]')?.textContent ?? null);
    expect(details).toEqual([
      'Midnight Heiress · Episode 6',
      'Midnight Heiress · All episodes',
      'Task: share the app',
      'Day 2 check-in',
      'Coin pack: 500 coins',
      null,
    ]);
    expect(walletCalls(api.calls)[0]?.query.get('lang')).toBe('en');
  });

  it('translates every kind in en, zh and tr', async () => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    setSession({ token: 't', userInfo: testUser() });
    stubApi({
      'GET /wallet': {
        code: 200,
        data: walletPage(
          WALLET_KINDS.map((kind, index) => entry(100 - index, kind, WALLET_KIND_GROUPS[kind] === 'income' ? 5 : -5)),
        ),
      },
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(WALLET_KINDS.length));
    const labels = () => rows().map((row) => row.querySelector('[data-role="wallet-kind"]')?.textContent);
    const english = labels();
    expect(new Set(english).size).toBe(WALLET_KINDS.length);
    expect(english).toContain('Recharge reversed');
    expect(english).toContain('Coins expired');
    expect(english.every((label) => label && !label.includes('wallet.'))).toBe(true);
    await i18n.changeLanguage('zh');
    await waitFor(() => expect(labels()).toContain('签到奖励'));
    expect(new Set(labels()).size).toBe(WALLET_KINDS.length);
    await i18n.changeLanguage('tr');
    await waitFor(() => expect(labels()).toContain('Jetonların süresi doldu'));
    expect(new Set(labels()).size).toBe(WALLET_KINDS.length);
  });

  it('says what expires when, soonest first, and nothing when no coins expire', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const year = new Date().getFullYear();
    stubApi({
      'GET /wallet': {
        code: 200,
        data: walletPage([entry(1, 'checkin_reward', 20)], {
          expiring: [
            { amount: 20, expires_at: `${year}-11-28T12:00:00.000Z` },
            { amount: 5, expires_at: `${year}-12-02T12:00:00.000Z` },
          ],
        }),
      },
    });
    open();
    const items = await screen.findAllByTestId('wallet-expiring-item');
    expect(items.map((item) => item.textContent)).toEqual(['20 coins expire on Nov 28', '5 coins expire on Dec 2']);
  });

  it('has no expiry box when nothing expires, and "No records." for an empty ledger', async () => {
    setSession({ token: 't', userInfo: testUser() });
    stubApi({ 'GET /wallet': { code: 200, data: walletPage([]) } });
    open();
    expect(await screen.findByText('No records.')).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-expiring')).toBeNull();
    expect(screen.queryByTestId('wallet-list-load-more')).toBeNull();
  });

  it('switches tabs through ?type= and asks the server for that group', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const api = stubApi({
      'GET /wallet': (call) => {
        const type = call.query.get('type');
        if (type === 'expense') return { code: 200, data: walletPage([entry(9, 'consume', -30)]) };
        if (type === 'income') return { code: 200, data: walletPage([entry(8, 'task_reward', 10)]) };
        return { code: 200, data: walletPage([entry(9, 'consume', -30), entry(8, 'task_reward', 10)]) };
      },
    });
    open('/pages/user/wallet?type=expense');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('wallet-tab-expense')).toHaveAttribute('aria-selected', 'true');
    expect(rows()[0]).toHaveTextContent('Consumption');

    fireEvent.click(screen.getByTestId('wallet-tab-income'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pages/user/wallet?type=income'));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Task reward'));
    expect(rows()).toHaveLength(1);

    fireEvent.click(screen.getByTestId('wallet-tab-all'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/pages\/user\/wallet$/));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(walletCalls(api.calls).map((call) => call.query.get('type'))).toEqual(['expense', 'income', 'all']);
  });

  it('reads an unknown ?type= as all', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const api = stubApi({ 'GET /wallet': { code: 200, data: walletPage([]) } });
    open('/pages/user/wallet?type=gifts');
    await screen.findByText('No records.');
    expect(screen.getByTestId('wallet-tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(walletCalls(api.calls)[0]?.query.get('type')).toBe('all');
  });

  it('loads 20 more with the next_cursor until there is none', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const firstPage = Array.from({ length: 20 }, (_, i) => entry(100 - i, 'watch_video_reward', 5));
    const api = stubApi({
      'GET /wallet': (call) =>
        call.query.get('cursor') === 'c80'
          ? { code: 200, data: walletPage([entry(80, 'ad_reward', 3), entry(79, 'recharge', 100)]) }
          : { code: 200, data: walletPage(firstPage, { next_cursor: 'c80' }) },
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(20));
    const first = walletCalls(api.calls)[0]!;
    expect(first.query.get('size')).toBe('20');
    expect(first.query.has('cursor')).toBe(false);

    fireEvent.click(screen.getByTestId('wallet-list-load-more'));
    await waitFor(() => expect(rows()).toHaveLength(22));
    expect(walletCalls(api.calls)[1]?.query.get('cursor')).toBe('c80');
    expect(rows()[21]).toHaveTextContent('Recharge');
    expect(screen.queryByTestId('wallet-list-load-more')).toBeNull();
  });

  it('shows the server balance and stores it, so Me, Rewards and the unlock dialog agree', async () => {
    setSession({ token: 't', userInfo: testUser({ coin: 120 }) });
    stubApi({ 'GET /wallet': { code: 200, data: walletPage([entry(1, 'consume', -30)], { balance: 90 }) } });
    open();
    await waitFor(() => expect(screen.getByTestId('wallet-balance-value')).toHaveTextContent('90'));
    expect(getSession().userInfo?.coin).toBe(90);
    expect(screen.getByTestId('wallet-top-up')).toHaveAttribute('href', '/pages/user/vip?tab=coins');
  });

  it('offers a retry when the wallet cannot be loaded', async () => {
    setSession({ token: 't', userInfo: testUser() });
    let fail = true;
    stubApi({
      'GET /wallet': () => (fail ? { code: 10000 } : { code: 200, data: walletPage([entry(1, 'giveaway', 50)]) }),
    });
    open();
    expect(await screen.findByTestId('wallet-error')).toHaveTextContent('System Error');
    fail = false;
    fireEvent.click(screen.getByTestId('wallet-error-retry'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
