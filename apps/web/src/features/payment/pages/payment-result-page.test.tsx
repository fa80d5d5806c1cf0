import type { Order } from '@cliffhanger/contract/browser';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/library-query-keys';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, testQueryClient, Where } from '../../../test/render';
import { rememberPendingUnlock } from '../../../lib/payments/pending-unlock';
import { pollDelayMs } from '../api/get-order';
import { PaymentFailedPage, PaymentSuccessPage } from './payment-result-page';

afterEach(() => {
  vi.useRealTimers();
});

const ORDER_ID = 'ord_A1b2C3d4E5f6G7h8';

function order(overrides: Partial<Order> = {}): Order {
  return {
    order_id: ORDER_ID,
    status: 'pending',
    kind: 'coins',
    product: 'coins_500',
    pay_channel: 'stripe',
    price_cents: 499,
    currency: 'USD',
    coins_credited: 0,
    vip_expires_at: null,
    created_at: '2026-11-23T10:00:00.000Z',
    fulfilled_at: null,
    ...overrides,
  };
}

const fulfilledCoins = () => order({ status: 'fulfilled', coins_credited: 550, fulfilled_at: '2026-11-23T10:00:02.000Z' });

function open(path: string) {
  const queryClient = testQueryClient();
  const routes = [
    { path: '/pages/payment/stripePaymentSuccess', element: <PaymentSuccessPage /> },
    { path: '/pages/payment/stripePaymentFailed', element: <PaymentFailedPage /> },
    { path: '*', element: <Where /> },
  ];
  return renderRoutes(routes, { initialEntries: [path], queryClient });
}

const successPath = (id = ORDER_ID) => `/pages/payment/stripePaymentSuccess?order=${id}`;
const failedPath = (id = ORDER_ID) => `/pages/payment/stripePaymentFailed?order=${id}`;
const signIn = () => setSession({ token: 't', userInfo: testUser({ uid: 7, coin: 40 }) });
const result = (testId = 'payment-success') => screen.getByTestId(testId);

/** Answers the order's states in turn, the last one from then on; records when each call came. */
function ordersInTurn(...answers: Answer[]) {
  const at: number[] = [];
  const route = () => {
    at.push(Date.now());
    return answers[Math.min(at.length - 1, answers.length - 1)]!;
  };
  return { route, at };
}

describe('polling the order', () => {
  it('waits 1 s, then half as long again each time, never more than 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
  });
});

describe('payment success page', () => {
  it('coins bought from the unlock dialog: the first way on is back to that episode', async () => {
    signIn();
    rememberPendingUnlock({ dramaId: 7, episodeId: 103, episodeNumber: 3 });
    stubApi({
      'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 200, data: fulfilledCoins() },
      'GET /user': { code: 200, data: testUser({ uid: 7, coin: 590 }) },
    });
    open(successPath());
    const back = await screen.findByTestId('payment-back-to-episode');
    expect(back).toHaveTextContent('Back to episode 3');
    expect(back.getAttribute('href')).toMatch(/^\/pages\/video\/(index|mobileVideoIndex)\?drama_id=7&episode_id=103$/);
  });

  it('shows "Processing payment…" until the webhook has credited the coins, then the coins and the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const orders = ordersInTurn(
      { code: 200, data: order() },
      { code: 200, data: order() },
      { code: 200, data: fulfilledCoins() },
    );
    const api = stubApi({
      'GET /orders/ord_A1b2C3d4E5f6G7h8': orders.route,
      'GET /user': { code: 200, data: testUser({ uid: 7, coin: 590 }) },
    });
    const { queryClient } = open(successPath());
    queryClient.setQueryData(WALLET_QUERY_KEY, { stale: true });
    queryClient.setQueryData(MEMBERSHIP_QUERY_KEY, { stale: true });

    await waitFor(() => expect(result()).toHaveAttribute('data-state', 'processing'));
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Processing payment…');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(result()).toHaveAttribute('data-state', 'fulfilled'));
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Payment successful');
    expect(screen.getByTestId('payment-credit')).toHaveTextContent('+550 coins');
    await waitFor(() => expect(screen.getByTestId('payment-balance')).toHaveTextContent('New balance: 590 coins'));
    expect(getSession().userInfo?.coin).toBe(590);
    expect(queryClient.getQueryState(WALLET_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(MEMBERSHIP_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(screen.getByTestId('payment-view-wallet')).toHaveAttribute('href', '/pages/user/wallet');

    // Settled: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo(`GET /orders/${ORDER_ID}`)).toHaveLength(3);
    expect(orders.at[1]! - orders.at[0]!).toBeGreaterThanOrEqual(1000);
    expect(orders.at[1]! - orders.at[0]!).toBeLessThan(1400);
    expect(orders.at[2]! - orders.at[1]!).toBeGreaterThanOrEqual(1500);
    expect(orders.at[2]! - orders.at[1]!).toBeLessThan(1900);
  });

  it('asks less and less often, at most every 5 s, and after a minute says it may take a few minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const orders = ordersInTurn({ code: 200, data: order() });
    stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': orders.route });
    open(successPath());
    await waitFor(() => expect(result()).toHaveAttribute('data-state', 'processing'));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByTestId('payment-slow')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByTestId('payment-slow')).toHaveTextContent('may take a few minutes');
    expect(result()).toHaveAttribute('data-state', 'processing');

    const gaps = orders.at.slice(1).map((time, index) => time - orders.at[index]!);
    const expected = [1000, 1500, 2250, 3375, 5000, 5000, 5000];
    expected.forEach((gap, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(gap);
      expect(gaps[index]).toBeLessThan(gap + 400);
    });
    // Never faster than every 5 s once there.
    expect(Math.min(...gaps.slice(4))).toBeGreaterThanOrEqual(5000);
  });

  it('shows the VIP end date for a plan', async () => {
    signIn();
    stubApi({
      'GET /orders/ord_A1b2C3d4E5f6G7h8': {
        code: 200,
        data: order({
          kind: 'vip',
          product: 'vip_month',
          status: 'fulfilled',
          vip_expires_at: '2026-12-23T10:00:00.000Z',
        }),
      },
      'GET /user': { code: 200, data: testUser({ uid: 7, vip: { active: true, expires_at: '2026-12-23T10:00:00.000Z' } }) },
    });
    open(successPath());
    expect(await screen.findByTestId('payment-credit')).toHaveTextContent('VIP until Dec 23, 2026');
    expect(screen.queryByTestId('payment-balance')).toBeNull();
    await waitFor(() => expect(getSession().userInfo?.vip.active).toBe(true));
    expect(screen.getByTestId('payment-start-watching')).toBeInTheDocument();
  });

  it('an order of someone else (10002) is just "Order not found", with nothing about it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const api = stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 10002 } });
    open(successPath());
    await waitFor(() => expect(result()).toHaveAttribute('data-state', 'not-found'));
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Order not found');
    expect(document.body).not.toHaveTextContent(ORDER_ID);
    expect(screen.queryByTestId('network-notice-order')).toBeNull();
    // A refusal is final: no polling.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo(`GET /orders/${ORDER_ID}`)).toHaveLength(1);
  });

  it('a missing or malformed order id is not found without asking', () => {
    signIn();
    const api = stubApi();
    const { unmount } = open('/pages/payment/stripePaymentSuccess?order=../../user');
    expect(result()).toHaveAttribute('data-state', 'not-found');
    unmount();
    open('/pages/payment/stripePaymentSuccess');
    expect(result()).toHaveAttribute('data-state', 'not-found');
    expect(api.calls.filter((call) => call.path.startsWith('/orders'))).toHaveLength(0);
  });

  it('a payment that failed after all shows the failure with a retry', async () => {
    signIn();
    stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 200, data: order({ status: 'failed' }) } });
    open(successPath());
    await waitFor(() => expect(result()).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Payment Failed');
    expect(screen.getByTestId('payment-try-again')).toHaveAttribute('href', '/pages/user/vip?tab=coins&pack=coins_500');
  });

  it('asks a visitor to sign in and asks nothing', () => {
    const api = stubApi();
    open(successPath());
    expect(screen.getByTestId('login-required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('payment failed page', () => {
  it('says "Payment Failed", shows the notice, and "Try again" goes back to that pack', async () => {
    signIn();
    stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 200, data: order({ status: 'canceled' }) } });
    open(failedPath());
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Payment Failed');
    expect(await screen.findByTestId('network-issue-notice')).toHaveTextContent('help@cliffhanger.test');
    expect(screen.getByTestId('network-notice-order')).toHaveTextContent(`Order ID: ${ORDER_ID}`);
    await waitFor(() =>
      expect(screen.getByTestId('payment-try-again')).toHaveAttribute('href', '/pages/user/vip?tab=coins&pack=coins_500'),
    );
    fireEvent.click(screen.getByTestId('payment-try-again'));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/user/vip?tab=coins&pack=coins_500');
  });

  it('"Try again" after a VIP plan goes back to that plan', async () => {
    signIn();
    stubApi({
      'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 200, data: order({ kind: 'vip', product: 'vip_year' }) },
    });
    open(failedPath());
    await waitFor(() =>
      expect(screen.getByTestId('payment-try-again')).toHaveAttribute('href', '/pages/user/vip?plan=vip_year'),
    );
  });

  it('the copy button puts the account id and the order id on the clipboard, and says so', async () => {
    signIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 200, data: order() } });
    open(failedPath());
    const copy = await screen.findByTestId('network-notice-copy');
    expect(copy).toHaveTextContent('Copy account ID and order ID');
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`Account ID: 7\nOrder ID: ${ORDER_ID}`));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Account ID and order ID copied');
  });

  it('someone else\'s order is "Order not found" here too', async () => {
    signIn();
    stubApi({ 'GET /orders/ord_A1b2C3d4E5f6G7h8': { code: 10002 } });
    open(failedPath());
    await waitFor(() => expect(result('payment-failed')).toHaveAttribute('data-state', 'not-found'));
    expect(document.body).not.toHaveTextContent(ORDER_ID);
  });

  it('a visitor still sees the failure, with a way back to the store', () => {
    stubApi();
    open(failedPath());
    expect(screen.getByTestId('payment-headline')).toHaveTextContent('Payment Failed');
    expect(screen.getByTestId('payment-try-again')).toHaveAttribute('href', '/pages/user/vip');
  });
});
