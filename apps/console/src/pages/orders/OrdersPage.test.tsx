import type { ConsoleOrderRow, Operator } from '@cliffhanger/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest } from '../../test/fake-console-api';
import { renderConsole, whereAt } from '../../test/render-console';

const user = userEvent.setup({ delay: null });
const FINANCE: Operator = { id: 3, email: 'finance@example.com', role: 'finance' };

function row(id: string, extra: Partial<ConsoleOrderRow> = {}): ConsoleOrderRow {
  return {
    id,
    uid: 42,
    product_id: 'coins_500',
    kind: 'coins',
    channel: 'stripe',
    status: 'fulfilled',
    price_cents: 499,
    currency: 'USD',
    flagged: false,
    created_at: '2026-11-20T09:30:00.000Z',
    ...extra,
  };
}

const FIRST = 'ord_aaaaaaaaaaaaaaaaaaaa';
const SECOND = 'ord_bbbbbbbbbbbbbbbbbbbb';
const THIRD = 'ord_cccccccccccccccccccc';

/** Two pages: the first and second orders, then the third from the cursor the first page gave. */
function ordersApi(request: ReceivedRequest) {
  const query = new URLSearchParams(request.path.split('?')[1]);
  if (query.get('cursor') === SECOND) {
    return { data: { list: [row(THIRD, { channel: 'apple', status: 'refunded' })], next_cursor: null } };
  }
  return {
    data: {
      list: [row(FIRST), row(SECOND, { status: 'pending', flagged: true, price_cents: 4999 })],
      next_cursor: SECOND,
    },
  };
}

const table = () => screen.findByRole('table', { name: 'Orders' }, { timeout: 5000 });
const searches = (received: ReceivedRequest[]) => [
  ...new Set(received.filter((r) => r.path.startsWith('/orders')).map((r) => r.path)),
];

describe('the orders page', () => {
  it('lists orders newest first with a link to each, and loads more by cursor', async () => {
    const { received } = renderConsole('/orders', { operator: FINANCE, api: { 'GET /orders': ordersApi } });
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`2026-11-20 09:30${FIRST}42coins_500StripeFulfilled$4.99 USD`);
    expect(rows[2]).toHaveTextContent('Pending · Flagged$49.99 USD');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: FIRST })).toHaveAttribute(
      'href',
      `/orders/${FIRST}`,
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(THIRD)).toBeInTheDocument();
    expect(screen.getByText('That is all.')).toBeInTheDocument();
    expect(searches(received)).toEqual(['/orders?size=50', `/orders?size=50&cursor=${SECOND}`]);
  });

  it('puts the filters in the address and asks the server with them; a bad value is refused in the form', async () => {
    const { router, received } = renderConsole('/orders?channel=stripe', {
      operator: FINANCE,
      api: { 'GET /orders': ordersApi },
    });
    await table();
    const form = screen.getByRole('form', { name: 'Search' });
    expect(within(form).getByLabelText('Channel')).toHaveValue('stripe');

    await user.type(within(form).getByLabelText('Viewer uid'), 'x1');
    await user.type(within(form).getByLabelText('Order id'), 'order-1');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByLabelText('Viewer uid')).toHaveAccessibleDescription('A uid is a whole number.');
    expect(within(form).getByLabelText('Order id')).toHaveAccessibleDescription(
      'Exactly, for example ord_… An order id starts with ord_.',
    );
    expect(whereAt(router)).toBe('/orders?channel=stripe');

    await user.clear(within(form).getByLabelText('Viewer uid'));
    await user.type(within(form).getByLabelText('Viewer uid'), '42');
    await user.clear(within(form).getByLabelText('Order id'));
    await user.selectOptions(within(form).getByLabelText('Status'), 'refunded');
    await user.type(within(form).getByLabelText('Created from (UTC day)'), '2026-11-01');
    await user.type(within(form).getByLabelText('Created to (UTC day, included)'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(whereAt(router)).toBe('/orders?uid=42&channel=stripe&status=refunded&from=2026-11-01&to=2026-11-30'),
    );
    await waitFor(() =>
      expect(searches(received)).toContain(
        '/orders?uid=42&channel=stripe&status=refunded&from=2026-11-01T00%3A00%3A00Z&to=2026-12-01T00%3A00%3A00.000Z&size=50',
      ),
    );
  });
});
