import type { ConsoleProduct, Operator } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeAnswer, ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const FINANCE: Operator = { id: 3, email: 'finance@example.com', role: 'finance' };

function product(id: string, extra: Partial<ConsoleProduct>): ConsoleProduct {
  return {
    id,
    kind: 'coins',
    period: null,
    coins: 0,
    bonus_coins: 0,
    price_cents: 99,
    currency: 'USD',
    stripe_price_id: null,
    apple_product_id: null,
    active: true,
    sort: 0,
    has_orders: false,
    updated_at: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const VIP_MONTH = product('vip_month', {
  kind: 'vip',
  period: 'month',
  price_cents: 1499,
  apple_product_id: 'cliffhanger.vip.month',
  sort: 20,
  has_orders: true,
});
const COINS_500 = product('coins_500', {
  coins: 500,
  bonus_coins: 50,
  price_cents: 499,
  stripe_price_id: 'price_500',
  sort: 120,
});

type Handler = (request: ReceivedRequest) => FakeAnswer;

function renderProducts(routes: Record<string, Handler> = {}) {
  return renderConsole('/products', {
    operator: FINANCE,
    api: { 'GET /products': () => ({ data: [VIP_MONTH, COINS_500] }), ...routes },
  });
}

const table = () => screen.findByRole('table', { name: 'VIP plans and coin packs' }, { timeout: 5000 });

async function openEdit(id: string) {
  await user.click(within(await table()).getByRole('button', { name: `Edit ${id}` }));
  return screen.getByRole('dialog', { name: `Edit ${id}` });
}

/** Answers the fresh-code prompt the save opens. */
async function enterCode(code = '123456') {
  const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
  await user.type(within(prompt).getByLabelText('Six-digit code'), code);
  await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
}

describe('the products page', () => {
  it('lists plans and packs with their terms, prices and store ids; an ordered one cannot be deleted', async () => {
    renderProducts();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('vip_monthVIP, one month$14.99cliffhanger.vip.monthInline priceYes');
    expect(rows[2]).toHaveTextContent('coins_500500 coins + 50 bonus$4.99—price_500Yes');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Delete vip_month' })).toBeDisabled();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Delete coins_500' })).toBeEnabled();
  });

  it('saves only what changed, after a fresh code, and says so', async () => {
    const { received } = renderProducts({
      'PUT /products/coins_500': () => ({ data: { ...COINS_500, price_cents: 449, bonus_coins: 75 } }),
    });
    const dialog = await openEdit('coins_500');
    const price = within(dialog).getByLabelText('Price (USD)');
    await user.clear(price);
    await user.type(price, '4.49');
    const bonus = within(dialog).getByLabelText('Bonus coins');
    await user.clear(bonus);
    await user.type(bonus, '75');
    await user.type(within(dialog).getByLabelText('Reason for this change'), 'autumn prices');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await enterCode('654321');
    expect(await screen.findByText('coins_500 is saved.')).toBeInTheDocument();
    const put = received.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({
      path: '/products/coins_500',
      body: { changes: { price_cents: 449, bonus_coins: 75 }, reason: 'autumn prices' },
      headers: { 'x-console-totp': '654321', 'x-console-request': '1' },
    });
    expect(screen.queryByRole('dialog', { name: 'Edit coins_500' })).not.toBeInTheDocument();
    // The list is asked again for the saved terms.
    await waitFor(() => expect(received.filter((r) => r.path === '/products').length).toBeGreaterThan(1));
  });

  it('checks the form before asking for a code, and sends nothing when it is wrong', async () => {
    const { received } = renderProducts();
    const dialog = await openEdit('coins_500');
    const price = within(dialog).getByLabelText('Price (USD)');
    await user.clear(price);
    await user.type(price, '0');
    const bonus = within(dialog).getByLabelText('Bonus coins');
    await user.clear(bonus);
    await user.type(bonus, '-5');
    await user.type(within(dialog).getByLabelText('App Store product id'), 'bad id');
    await user.type(within(dialog).getByLabelText('Stripe price id'), '_x!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveAccessibleDescription(
      'For example 4.99. Enter a price above zero, in dollars with at most two decimals.',
    );
    expect(within(dialog).getByLabelText('Bonus coins')).toHaveAccessibleDescription(
      'Enter a whole number of bonus coins, 0 or more.',
    );
    expect(within(dialog).getByText('Letters, digits, "." and "_" only.')).toBeInTheDocument();
    expect(within(dialog).getByText('A Stripe price id starts with price_.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason for the change.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).not.toBeInTheDocument();
    expect(received.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('sends nothing when the code prompt is cancelled', async () => {
    const { received } = renderProducts();
    const dialog = await openEdit('vip_month');
    await user.click(within(dialog).getByLabelText('On sale'));
    await user.type(within(dialog).getByLabelText('Reason for this change'), 'pause the plan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(received.some((r) => r.method !== 'GET')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Edit vip_month' })).toBeInTheDocument();
  });

  it("shows the server's refusals: a stale code, and a field it refused under that field", async () => {
    let answer: FakeAnswer = { code: 80005, status: 403 };
    renderProducts({ 'PUT /products/vip_month': () => answer });
    const dialog = await openEdit('vip_month');
    const apple = within(dialog).getByLabelText('App Store product id');
    await user.clear(apple);
    await user.type(apple, 'cliffhanger.coins.500');
    await user.type(within(dialog).getByLabelText('Reason for this change'), 'swap ids');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await enterCode();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The authenticator code is missing, wrong or already used.',
    );

    answer = {
      code: 10001,
      status: 400,
      data: { fields: [{ field: 'body.changes.apple_product_id', message: 'must be letters, digits, "." and "_"' }] },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await enterCode();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('App Store product id')).toHaveAccessibleDescription(
        'Empty: not sold in the iOS app. must be letters, digits, "." and "_"',
      ),
    );

    answer = { code: 80013, status: 409 };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await enterCode();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another product already uses this App Store product id.',
    );
  });

  it('adds a coin pack with every term', async () => {
    const { received } = renderProducts({
      'POST /products': () => ({ data: product('coins_300', { coins: 300 }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'New plan or pack' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan or pack' });
    await user.type(within(dialog).getByLabelText('Product id'), 'coins_300');
    await user.type(within(dialog).getByLabelText('Coins'), '300');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '2.99');
    const sort = within(dialog).getByLabelText('Display order');
    await user.clear(sort);
    await user.type(sort, '115');
    await user.type(within(dialog).getByLabelText('Reason for this change'), 'a smaller pack');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await enterCode();
    expect(await screen.findByText('coins_300 is saved.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'POST')?.body).toEqual({
      id: 'coins_300',
      changes: {
        kind: 'coins',
        coins: 300,
        bonus_coins: 0,
        price_cents: 299,
        apple_product_id: null,
        stripe_price_id: null,
        active: true,
        sort: 115,
      },
      reason: 'a smaller pack',
    });
  });

  it('deletes a product nobody ordered after a reason and a fresh code', async () => {
    const { received } = renderProducts({ 'DELETE /products/coins_500': () => ({ data: null }) });
    await user.click(within(await table()).getByRole('button', { name: 'Delete coins_500' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete coins_500?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Give a reason for the change.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for this change'), 'never sold');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await enterCode();
    expect(await screen.findByText('coins_500 is deleted.')).toBeInTheDocument();
    expect(received.find((r) => r.method === 'DELETE')).toMatchObject({
      path: '/products/coins_500',
      body: { reason: 'never sold' },
      headers: { 'x-console-totp': '123456' },
    });
  });
});
