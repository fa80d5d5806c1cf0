import type { Operator, ViewerDetail, ViewerLedgerEntry, ViewerSummary } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const SUPPORT: Operator = { id: 4, email: 'support@example.com', role: 'support' };
const AT = '2026-11-20T08:30:00.000Z';

const SUMMARY: ViewerSummary = {
  uid: 42,
  nickname: 'Ada',
  phone: '+905321234567',
  avatar: '',
  coin: 120,
  created_at: AT,
  deleted_at: null,
  blocked_at: AT,
  matched_by: ['phone'],
};

function detail(extra: Partial<ViewerDetail['profile']> = {}): ViewerDetail {
  return {
    profile: {
      uid: 42,
      nickname: 'Ada',
      username: null,
      avatar: '',
      invite_code: 'ADA42',
      created_at: AT,
      deleted_at: null,
      blocked_at: null,
      block_reason: null,
      payment_flagged_at: null,
      ...extra,
    },
    sign_in: { phone: '+905321234567', password_set: true, identities: [{ provider: 'google', created_at: AT }] },
    sessions: [
      {
        id: 1,
        user_agent: 'Safari on iPhone',
        ip: '203.0.113.9',
        created_at: AT,
        rotated_at: null,
        refresh_expires_at: AT,
        revoked_at: null,
      },
    ],
    coins: { balance: 120, lots: [{ remaining: 120, expires_at: null }] },
    vip: { expires_at: null, entries: [] },
    orders: [
      {
        public_id: 'ord_1',
        product_id: 'coins_100',
        kind: 'coins',
        channel: 'stripe',
        status: 'fulfilled',
        price_cents: 199,
        currency: 'USD',
        created_at: AT,
      },
    ],
    invites: { invited_by: null, invited: [{ uid: 43, nickname: 'Bo', inviter_reward: 20, created_at: AT }] },
    rewards: [{ kind: 'checkin', period: '2026-11-20', coins: 10, created_at: AT }],
    plays: [
      {
        drama_id: 7,
        drama_title: 'Night Train',
        episode_id: 70,
        episode_number: 3,
        position_s: 41.6,
        updated_at: AT,
      },
    ],
  };
}

function ledgerEntry(id: number): ViewerLedgerEntry {
  return {
    id,
    kind: 'recharge',
    amount: id,
    balance_after: 100 + id,
    ref: `order:ord_${id}`,
    created_at: AT,
    lot: { remaining: id, expires_at: null },
  };
}

type Handler = (request: ReceivedRequest) => FakeAnswer;

function renderViewer(
  routes: Record<string, Handler> = {},
  profile: Partial<ViewerDetail['profile']> = {},
  operator: Operator = SUPPORT,
) {
  return renderConsole('/viewers/42', {
    operator,
    api: {
      'GET /viewers/42': () => ({ data: detail(profile) }),
      'GET /viewers/42/ledger': (request) =>
        request.path.includes('cursor=51')
          ? { data: { list: [ledgerEntry(1)], next_cursor: null } }
          : { data: { list: [ledgerEntry(52), ledgerEntry(51)], next_cursor: '51' } },
      ...routes,
    },
  });
}

const section = async (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });

async function enterCode(code = '123456') {
  const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
  await user.type(within(prompt).getByLabelText('Six-digit code'), code);
  await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
}

describe('the viewers search', () => {
  it('searches exactly, keeps the search in the address and links each viewer', async () => {
    const { received, router } = renderConsole('/viewers', {
      operator: SUPPORT,
      api: { 'GET /viewers': () => ({ data: [SUMMARY] }) },
    });
    await user.type(await screen.findByLabelText('Uid, phone, invite code or order id'), ' +90 532 123 45 67 ');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const table = await screen.findByRole('table', { name: 'Matching viewers' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('42Ada+9053212345671202026-11-20 08:30Blockedphone');
    expect(whereAt(router)).toBe('/viewers?q=%2B90+532+123+45+67');
    expect(received.find((r) => r.path.startsWith('/viewers?'))?.path).toBe('/viewers?q=%2B90+532+123+45+67');
    await user.click(within(table).getByRole('link', { name: '42' }));
    await waitFor(() => expect(whereAt(router)).toBe('/viewers/42'));
  });

  it('says when nothing matches', async () => {
    renderConsole('/viewers?q=nobody', { operator: SUPPORT, api: { 'GET /viewers': () => ({ data: [] }) } });
    expect(await screen.findByText('No viewer matches this exactly.')).toBeInTheDocument();
  });
});

describe("a viewer's page", () => {
  it('shows every section, the order by its id, and the ledger page by page', async () => {
    const { received } = renderViewer();
    expect(await section('Profile')).toHaveTextContent('ADA42');
    expect(await section('Sign-in methods')).toHaveTextContent('+905321234567');
    expect(await section('Sign-in methods')).toHaveTextContent('google since 2026-11-20 08:30');
    expect(await section('Sessions')).toHaveTextContent('Safari on iPhone203.0.113.9');
    const coins = await section('Coins');
    expect(coins).toHaveTextContent('Balance: 120 coins');
    expect(coins).toHaveTextContent('120 coins, never expire');
    const orders = await section('Orders');
    // Support may not open an order's page (finance's area): the id is shown, not linked.
    expect(orders).toHaveTextContent('ord_1');
    expect(within(orders).queryByRole('link', { name: 'ord_1' })).not.toBeInTheDocument();
    expect(orders).toHaveTextContent('1.99 USD');
    expect(await section('Invites')).toHaveTextContent('Viewer 43 (Bo)');
    expect(await section('Rewards claimed')).toHaveTextContent('Check-in2026-11-2010');
    expect(await section('Recent plays')).toHaveTextContent('Night Train342 s');

    const ledger = await within(coins).findByRole('table', { name: 'Ledger' });
    expect(within(ledger).getAllByRole('row')).toHaveLength(3);
    await user.click(within(coins).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(ledger).getAllByRole('row')).toHaveLength(4));
    expect(received.some((r) => r.path === '/viewers/42/ledger?cursor=51')).toBe(true);
    expect(within(coins).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('links an order to its page for a role that may open it', async () => {
    renderViewer({}, {}, { id: 1, email: 'admin@example.com', role: 'admin' });
    const orders = await section('Orders');
    expect(within(orders).getByRole('link', { name: 'ord_1' })).toHaveAttribute('href', '/orders/ord_1');
  });

  it("adjusts coins only after the form checks pass, with a reason, a fresh code and the dialog's own key", async () => {
    const { received } = renderViewer({
      'POST /viewers/42/coins': () => ({
        data: {
          balance: 170,
          replayed: false,
          entry: { id: 9, kind: 'support_credit', amount: 50, balance_after: 170, ref: null, created_at: AT },
        },
      }),
    });
    await user.click(within(await section('Coins')).getByRole('button', { name: 'Adjust coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the coins of viewer 42' });
    await user.type(within(dialog).getByLabelText('Coins'), '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(within(dialog).getByLabelText('Coins')).toHaveAccessibleDescription(
      'Your role may move at most 1000 coins at once. Enter a whole number from 1 to 1000.',
    );
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Coins'));
    await user.type(within(dialog).getByLabelText('Coins'), '50');
    await user.type(within(dialog).getByLabelText('Reason'), 'missing pack coins');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await enterCode('222333');
    expect(await screen.findByText('Done: the balance is 170 coins.')).toBeInTheDocument();
    const post = received.find((r) => r.method === 'POST');
    expect(post).toMatchObject({
      path: '/viewers/42/coins',
      body: { direction: 'credit', amount: 50, reason: 'missing pack coins' },
      headers: { 'x-console-totp': '222333' },
    });
    expect((post?.body as { key: string }).key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("says the server's refusal of a debit in words and keeps the dialog open", async () => {
    renderViewer({ 'POST /viewers/42/coins': () => ({ code: 80121, status: 409, data: { balance: 120 } }) });
    await user.click(within(await section('Coins')).getByRole('button', { name: 'Adjust coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the coins of viewer 42' });
    await user.click(within(dialog).getByLabelText('Remove coins'));
    await user.type(within(dialog).getByLabelText('Coins'), '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await enterCode();
    expect(await within(dialog).findByText('The viewer does not have that many coins.')).toBeInTheDocument();
  });

  it('grants VIP days after a fresh code', async () => {
    const { received } = renderViewer({
      'POST /viewers/42/vip': () => ({ data: { expires_at: '2026-12-20T08:30:00.000Z', replayed: false } }),
    });
    await user.click(within(await section('VIP')).getByRole('button', { name: 'Grant VIP days' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant VIP days to viewer 42' });
    await user.type(within(dialog).getByLabelText('Days'), '30');
    await user.type(within(dialog).getByLabelText('Reason'), 'outage');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    await enterCode();
    expect(await screen.findByText('VIP now runs until 2026-12-20 08:30.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')?.body).toMatchObject({ days: 30, reason: 'outage' });
  });

  it('blocks with a reason (no code needed), and offers unblock on a blocked account', async () => {
    const { received } = renderViewer({
      'POST /viewers/42/block': () => ({ data: { blocked_at: AT, block_reason: 'fraud' } }),
    });
    await user.click(within(await section('Profile')).getByRole('button', { name: 'Block account' }));
    const dialog = screen.getByRole('dialog', { name: 'Block viewer 42' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The account is blocked.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')).toMatchObject({
      path: '/viewers/42/block',
      body: { reason: 'fraud' },
    });
    expect(received.find((r) => r.method === 'POST')?.headers['x-console-totp']).toBeUndefined();
  });

  it('shows a blocked account with its reason and the unblock button; signs a viewer out everywhere', async () => {
    const { received } = renderViewer(
      { 'POST /viewers/42/sessions/revoke': () => ({ data: { revoked: 1 } }) },
      { blocked_at: AT, block_reason: 'fraud' },
    );
    const profile = await section('Profile');
    expect(profile).toHaveTextContent('Since 2026-11-20 08:30: fraud');
    expect(within(profile).getByRole('button', { name: 'Unblock account' })).toBeEnabled();
    await user.click(within(await section('Sessions')).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign viewer 42 out everywhere' });
    await user.type(within(dialog).getByLabelText('Reason'), 'stolen phone');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 sessions ended.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')?.path).toBe('/viewers/42/sessions/revoke');
  });

  it('offers no coin, VIP or block change on a deleted account', async () => {
    renderViewer({}, { deleted_at: AT });
    expect(within(await section('Coins')).getByRole('button', { name: 'Adjust coins' })).toBeDisabled();
    expect(within(await section('VIP')).getByRole('button', { name: 'Grant VIP days' })).toBeDisabled();
    expect(within(await section('Profile')).getByRole('button', { name: 'Block account' })).toBeDisabled();
  });
});
