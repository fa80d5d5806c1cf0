import type { ConsoleOrder, ConsoleOrderDetail, ConsoleRefund, Operator } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const FINANCE: Operator = { id: 3, email: 'finance@example.com', role: 'finance' };
const ID = 'ord_aaaaaaaaaaaaaaaaaaaa';

function order(extra: Partial<ConsoleOrder> = {}): ConsoleOrder {
  return {
    id: ID,
    uid: 42,
    product_id: 'coins_500',
    kind: 'coins',
    channel: 'stripe',
    status: 'fulfilled',
    price_cents: 499,
    currency: 'USD',
    flagged: false,
    created_at: '2026-11-20T09:30:00.000Z',
    period: null,
    coins: 500,
    bonus_coins: 50,
    coins_credited: 550,
    coins_reversed: 220,
    coins_unrecovered: 0,
    vip_expires_at: null,
    flag_reason: null,
    fulfilled_at: '2026-11-20T09:31:00.000Z',
    stripe_payment_intent_id: 'pi_123',
    stripe_subscription_id: null,
    refunds_held_cents: 200,
    refundable_cents: 299,
    ...extra,
  };
}

const REFUND: ConsoleRefund = {
  id: 7,
  amount_cents: 200,
  currency: 'USD',
  status: 'succeeded',
  provider_refund_id: 're_1',
  failure_reason: null,
  operator: { id: 3, email: 'finance@example.com' },
  reason: 'customer asked',
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:01.000Z',
};

function detail(extra: Partial<ConsoleOrder> = {}): ConsoleOrderDetail {
  return {
    order: order(extra),
    refunds: [REFUND],
    timeline: [
      { kind: 'created', at: '2026-11-20T09:30:00.000Z' },
      {
        kind: 'provider_event',
        at: '2026-11-20T09:31:00.000Z',
        provider: 'stripe',
        event_id: 'evt_1',
        type: 'checkout.session.completed',
        outcome: 'credited 550 coins',
      },
      {
        kind: 'coins',
        at: '2026-11-20T09:31:00.000Z',
        entry_id: 11,
        wallet_kind: 'recharge',
        amount: 550,
        balance_after: 550,
        key: `order:${ID}`,
      },
      {
        kind: 'refund',
        at: '2026-11-21T10:00:00.000Z',
        refund_id: 7,
        amount_cents: 200,
        status: 'succeeded',
        operator_email: 'finance@example.com',
      },
    ],
  };
}

function renderOrder(routes: Record<string, (request: ReceivedRequest) => FakeAnswer> = {}, extra = {}) {
  return renderConsole(`/orders/${ID}`, {
    operator: FINANCE,
    api: { [`GET /orders/${ID}`]: () => ({ data: detail(extra) }), ...routes },
  });
}

async function openRefund() {
  await user.click(await screen.findByRole('button', { name: 'Refund…' }, { timeout: 5000 }));
  return screen.getByRole('dialog', { name: `Refund order ${ID}` });
}

async function enterCode(code = '123456') {
  const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
  await user.type(within(prompt).getByLabelText('Six-digit code'), code);
  await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
}

describe('an order page', () => {
  it('shows the order, its refunds and its timeline in words', async () => {
    renderOrder();
    const facts = await screen.findByLabelText('The order', {}, { timeout: 5000 });
    expect(facts).toHaveTextContent('Coins credited, taken back, not recoverable550, 220, 0');
    expect(facts).toHaveTextContent('Refundable from here$2.99 USD');
    const refunds = screen.getByRole('table', { name: 'Refunds' });
    expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent(
      '2026-11-21 10:00$2.00 USDSucceededfinance@example.comcustomer askedre_1',
    );
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '2026-11-20 09:30Order created',
      '2026-11-20 09:31Stripe notification checkout.session.completed: credited 550 coinsEvent evt_1',
      `2026-11-20 09:31Coin ledger entry #11: recharge +550 (balance 550)Key order:${ID}`,
      '2026-11-21 10:00Refund #7 of $2.00 asked by finance@example.com: Succeeded',
    ]);
  });

  it('refunds part of the order with an amount, a reason and a fresh code, then asks for the order again', async () => {
    const { received } = renderOrder({
      [`POST /orders/${ID}/refunds`]: () => ({ data: { ...REFUND, id: 8, amount_cents: 150 } }),
    });
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Amount in dollars');
    expect(amount).toHaveValue('2.99');
    await user.clear(amount);
    await user.type(amount, '1.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'late delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await enterCode('654321');
    expect(await screen.findByText('Refund of $1.50 asked from Stripe: Succeeded.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')).toMatchObject({
      path: `/orders/${ID}/refunds`,
      body: { amount_cents: 150, reason: 'late delivery' },
      headers: { 'x-console-totp': '654321', 'x-console-request': '1' },
    });
    await waitFor(() => expect(received.filter((r) => r.path === `/orders/${ID}`).length).toBeGreaterThan(1));
  });

  it('checks the amount and reason before asking for a code; shows a refusal from the server', async () => {
    const { received } = renderOrder({
      [`POST /orders/${ID}/refunds`]: () => ({ code: 80101, status: 409, data: { remaining_cents: 100 } }),
    });
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Amount in dollars');
    await user.clear(amount);
    await user.type(amount, '3.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(
      'Up to $2.99. The whole price refunds the order in full. Give an amount in dollars and cents, from $0.01 to $2.99.',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      'Kept in the audit log with the refund. Give a reason.',
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).not.toBeInTheDocument();
    expect(received.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '2.99');
    await user.type(within(dialog).getByLabelText('Reason'), 'duplicate charge');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await enterCode();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That is more than is left to refund on this order.',
    );
  });

  it("counts a refund made in Stripe's Dashboard: listed without an operator, and the dialog offers only what is left", async () => {
    const dashboard: ConsoleRefund = {
      ...REFUND,
      id: 9,
      amount_cents: 250,
      provider_refund_id: 're_dash',
      operator: null,
      reason: 'requested_by_customer',
      created_at: '2026-11-22T08:00:00.000Z',
    };
    const base = detail({ refunds_held_cents: 450, refundable_cents: 49 });
    renderConsole(`/orders/${ID}`, {
      operator: FINANCE,
      api: {
        [`GET /orders/${ID}`]: () => ({
          data: {
            ...base,
            refunds: [dashboard, REFUND],
            timeline: [
              ...base.timeline,
              {
                kind: 'refund',
                at: dashboard.created_at,
                refund_id: 9,
                amount_cents: 250,
                status: 'succeeded',
                operator_email: null,
              },
            ],
          },
        }),
      },
    });
    const facts = await screen.findByLabelText('The order', {}, { timeout: 5000 });
    expect(facts).toHaveTextContent('Refundable from here$0.49 USD');
    const rows = within(screen.getByRole('table', { name: 'Refunds' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-11-22 08:00$2.50 USDSucceededStripe Dashboardrequested_by_customerre_dash');
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.at(-1)).toHaveTextContent(
      '2026-11-22 08:00Refund #9 of $2.50 made in the Stripe Dashboard: Succeeded',
    );

    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Amount in dollars');
    expect(amount).toHaveValue('0.49');
    await user.clear(amount);
    await user.type(amount, '0.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'the rest');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(
      'Up to $0.49. The whole price refunds the order in full. Give an amount in dollars and cents, from $0.01 to $0.49.',
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).not.toBeInTheDocument();
  });

  it('offers no refund for an App Store order, and says why', async () => {
    renderOrder({}, { channel: 'apple', refundable_cents: 0, stripe_payment_intent_id: null });
    expect(
      await screen.findByText(/App Store orders are refunded by Apple/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });
});
