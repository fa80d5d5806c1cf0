import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { stubApi } from '../../test/fake-api';
import { testCoinPacks, testMemberPlans, testUser } from '../../test/fixtures';
import { clearSession, setSession } from '../session';
import type { IapPlugin, IapTransaction } from './iap-plugin';

/**
 * docs/product.md#ios-purchase-start at the app root: inside the shell, a transaction StoreKit still holds
 * (paid, never confirmed: the app was killed in between) is confirmed and then finished at launch, on
 * whatever page the app opens, without the store being visited.
 */
const unfinished: IapTransaction = {
  transactionId: '2000000042',
  productIdentifier: 'com.cliffhanger.coins_500',
  appAccountToken: 'AAAA-TOKEN',
  jwsRepresentation: 'h.launch.s',
};

function shellWith(purchases: IapTransaction[], finished: string[]) {
  const plugin: IapPlugin = {
    isBillingSupported: () => Promise.resolve({ isBillingSupported: true }),
    getProducts: () => Promise.resolve({ products: [] }),
    addListener: () => Promise.resolve({ remove: () => Promise.resolve() }),
    getPurchases: () => Promise.resolve({ purchases }),
    purchaseProduct: () => Promise.reject(new Error('not in this test')),
    acknowledgePurchase: ({ purchaseToken }) => Promise.resolve(void finished.push(purchaseToken)),
  };
  (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, Plugins: { NativePurchases: plugin } };
}

const order = {
  order_id: 'ord_launch',
  status: 'fulfilled',
  kind: 'coins',
  product: 'coins_500',
  pay_channel: 'apple',
  price_cents: 499,
  currency: 'USD',
  coins_credited: 500,
  vip_expires_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  fulfilled_at: '2026-11-23T10:00:00.000Z',
};

function api(confirmCode: number) {
  return stubApi({
    'GET /member/type': { code: 200, data: testMemberPlans() },
    'GET /coin/type': { code: 200, data: testCoinPacks() },
    'POST /member/confirm': { code: confirmCode, data: confirmCode === 200 ? order : null },
  });
}

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
  vi.unstubAllGlobals();
  localStorage.removeItem('iap.orders');
  clearSession();
});

describe('in-app purchase at launch', () => {
  it('confirms an unfinished transaction of this device and finishes it only after the server said yes', async () => {
    setSession({ token: 't', userInfo: testUser() });
    localStorage.setItem('iap.orders', JSON.stringify({ 'aaaa-token': 'ord_launch' }));
    const finished: string[] = [];
    shellWith([unfinished], finished);
    const server = api(200);
    renderApp('/pages/index/index');
    await waitFor(() => expect(finished).toEqual(['2000000042']));
    expect(server.callsTo('POST /member/confirm').map((c) => c.body)).toEqual([
      { order_id: 'ord_launch', sign: 'h.launch.s' },
    ]);
    expect(localStorage.getItem('iap.orders')).toBe('{}');
  });

  it('a refused confirm leaves it unfinished for the next launch, quietly', async () => {
    setSession({ token: 't', userInfo: testUser() });
    localStorage.setItem('iap.orders', JSON.stringify({ 'aaaa-token': 'ord_launch' }));
    const finished: string[] = [];
    shellWith([unfinished], finished);
    const server = api(50008);
    renderApp('/pages/index/index');
    await waitFor(() => expect(server.callsTo('POST /member/confirm')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toEqual([]);
    expect(JSON.parse(localStorage.getItem('iap.orders')!)).toEqual({ 'aaaa-token': 'ord_launch' });
    expect(screen.queryByText('Purchase Failed')).toBeNull();
  });

  it('a visitor at launch: confirmed once someone signs in', async () => {
    localStorage.setItem('iap.orders', JSON.stringify({ 'aaaa-token': 'ord_launch' }));
    const finished: string[] = [];
    shellWith([unfinished], finished);
    let signedIn = false;
    const server = stubApi({
      'GET /member/type': { code: 200, data: testMemberPlans() },
      'GET /coin/type': { code: 200, data: testCoinPacks() },
      'POST /member/confirm': () => (signedIn ? { code: 200, data: order } : { code: 10027, data: null }),
    });
    renderApp('/pages/index/index');
    await waitFor(() => expect(server.callsTo('POST /member/confirm')).toHaveLength(1));
    expect(finished).toEqual([]);
    signedIn = true;
    setSession({ token: 't', userInfo: testUser() });
    await waitFor(() => expect(finished).toEqual(['2000000042']));
  });

  it('in a browser nothing of StoreKit runs', async () => {
    const server = api(200);
    renderApp('/pages/index/index');
    await screen.findByTestId('page');
    expect(server.callsTo('GET /member/type')).toEqual([]);
  });
});
