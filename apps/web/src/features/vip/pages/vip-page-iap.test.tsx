import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IapProvider } from '../../../lib/iap/iap-context';
import type { IapPlugin, IapTransaction } from '../../../lib/iap/iap-plugin';
import { setSession } from '../../../lib/session';
import { testAppConfig } from '../../../test/app-config';
import { stubApi } from '../../../test/fake-api';
import { testCoinPacks, testMemberPlans, testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { VipPage } from './vip-page';

/**
 * The store inside the iOS shell: the StoreKit plugin is an in-memory stand-in on the global
 * Capacitor object (StoreKit itself runs only on Apple's platforms), the server is the fake API.
 */
function shellWith(plugin: Partial<IapPlugin>) {
  (window as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    Plugins: { NativePurchases: plugin },
  };
}

afterEach(() => {
  delete (window as { Capacitor?: unknown }).Capacitor;
});

function storeApi({ stripe = true }: { stripe?: boolean } = {}) {
  return stubApi(
    {
      'GET /member/type': { code: 200, data: testMemberPlans() },
      'GET /coin/type': { code: 200, data: testCoinPacks() },
      'GET /member': { code: 200, data: { active: false, expires_at: null, subscription: null } },
      'POST /member/purchase': {
        code: 200,
        data: { order_id: 'ord_0123456789abcdef', checkout_url: null, app_account_token: 'TOKEN-1' },
      },
      // Confirmed before (a retry): Code.ALREADY_OWNED counts as success, so the transaction is finished.
      'POST /member/confirm': {
        code: 10019,
        data: {
          order_id: 'ord_0123456789abcdef',
          status: 'fulfilled',
          kind: 'vip',
          product: 'vip_month',
          pay_channel: 'apple',
          price_cents: 1499,
          currency: 'USD',
          coins_credited: 0,
          vip_expires_at: '2026-12-23T10:00:00.000Z',
          created_at: '2026-11-23T10:00:00.000Z',
          fulfilled_at: '2026-11-23T10:00:00.000Z',
        },
      },
    },
    testAppConfig({ payment_channels: { stripe, apple: true } }),
  );
}

// As the app root mounts it inside the shell (app/provider.tsx).
const open = () =>
  renderRoutes(
    [
      {
        path: '/pages/user/vip',
        element: (
          <IapProvider>
            <VipPage />
          </IapProvider>
        ),
      },
    ],
    { initialEntries: ['/pages/user/vip'] },
  );

describe('VIP store inside the iOS shell', () => {
  it('shows the loader while checking, then "Payment initialization failed" when StoreKit is unavailable', async () => {
    let answer: (value: { isBillingSupported: boolean }) => void = () => undefined;
    shellWith({ isBillingSupported: () => new Promise((resolve) => (answer = resolve)) });
    storeApi();
    open();
    expect(await screen.findByText('Checking payment environment...')).toBeInTheDocument();
    answer({ isBillingSupported: false });
    expect(await screen.findByText('Payment initialization failed')).toBeInTheDocument();
    expect(screen.queryByText('Checking payment environment...')).not.toBeInTheDocument();
  });

  it('buys a plan through StoreKit with the order token and finishes after the server confirmed it (no Stripe needed)', async () => {
    setSession({ token: 't', userInfo: testUser() });
    const purchases: { productIdentifier: string; appAccountToken?: string }[] = [];
    const finished: string[] = [];
    const transaction: IapTransaction = {
      transactionId: '2000000001',
      productIdentifier: 'com.cliffhanger.vip_month',
      appAccountToken: 'token-1',
      jwsRepresentation: 'h.p.s',
    };
    shellWith({
      isBillingSupported: () => Promise.resolve({ isBillingSupported: true }),
      getProducts: () => Promise.resolve({ products: [] }),
      addListener: () => Promise.resolve({ remove: () => Promise.resolve() }),
      getPurchases: () => Promise.resolve({ purchases: [] }),
      purchaseProduct: (options) => {
        purchases.push(options);
        return Promise.resolve(transaction);
      },
      acknowledgePurchase: (options) => {
        finished.push(options.purchaseToken);
        return Promise.resolve();
      },
    });
    const api = storeApi({ stripe: false });
    open();
    await waitFor(() =>
      expect(api.callsTo('GET /member/type').some((c) => c.query?.get('pay_channel') === 'apple')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Checking payment environment...')).not.toBeInTheDocument());
    fireEvent.click(await screen.findByTestId('vip-buy'));
    await waitFor(() => expect(finished).toEqual(['2000000001']));
    expect(purchases).toEqual([
      expect.objectContaining({ productIdentifier: 'com.cliffhanger.vip_month', appAccountToken: 'TOKEN-1' }),
    ]);
    expect(api.callsTo('POST /member/purchase')[0]?.body).toEqual({ product: 'vip_month', pay_channel: 'apple' });
    expect(api.callsTo('POST /member/confirm')[0]?.body).toEqual({ order_id: 'ord_0123456789abcdef', sign: 'h.p.s' });
  });
});
