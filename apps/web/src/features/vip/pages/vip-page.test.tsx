import type { Membership, Subscription } from '@cliffhanger/contract/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { i18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { testAppConfig } from '../../../test/app-config';
import { deferred, stubApi, type Answer, type Route } from '../../../test/fake-api';
import { testCoinPacks, testMemberPlans, testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { VipPage } from './vip-page';

vi.mock('../../../lib/external-navigation', () => ({ goToExternalUrl: vi.fn() }));

beforeEach(() => {
  vi.mocked(goToExternalUrl).mockClear();
});

// Far enough ahead to still be running whenever the tests run.
const RENEWS = '2099-12-23T10:00:00.000Z';

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan: 'vip_month',
    period: 'month',
    price_cents: 1499,
    currency: 'USD',
    pay_channel: 'stripe',
    status: 'active',
    current_period_end: RENEWS,
    cancel_at_period_end: false,
    manageable: true,
    ...overrides,
  };
}

function membership(overrides: Partial<Membership> = {}): Membership {
  return { active: true, expires_at: RENEWS, subscription: subscription(), ...overrides };
}

const NO_MEMBERSHIP: Membership = { active: false, expires_at: null, subscription: null };

function storeApi(routes: Record<string, Route> = {}, options: { stripe?: boolean } = {}) {
  return stubApi(
    {
      'GET /member/type': { code: 200, data: testMemberPlans() },
      'GET /coin/type': { code: 200, data: testCoinPacks() },
      'GET /member': { code: 200, data: NO_MEMBERSHIP },
      'POST /member/purchase': (call) => ({
        code: 200,
        data: {
          order_id: 'ord_0123456789abcdef',
          checkout_url: `https://checkout.test/${(call.body as { product: string }).product}`,
          app_account_token: null,
        },
      }),
      ...routes,
    },
    testAppConfig({ payment_channels: { stripe: options.stripe ?? true, apple: false } }),
  );
}

function open(path = '/pages/user/vip') {
  return renderRoutes(
    [
      {
        path: '/pages/user/vip',
        element: (
          <>
            <VipPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
}

const signIn = () => setSession({ token: 't', userInfo: testUser({ coin: 40 }) });
const plan = (id: string) => screen.getByTestId(`vip-plan-${id}`);
const pack = (id: string) => screen.getByTestId(`coin-pack-${id}`);

/** The buy button once it can be used (plans and, when signed in, the membership are known). */
async function enabledBuyButton(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByTestId('vip-buy')).toBeEnabled());
  return screen.getByTestId('vip-buy');
}

describe('VIP tab', () => {
  it('lists the plans with price and price per week, the benefits, and the terms beside the button', async () => {
    const api = storeApi();
    open();
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(4));
    expect(within(plan('vip_week')).getByText('Weekly')).toBeInTheDocument();
    expect(plan('vip_month')).toHaveTextContent('Monthly$14.99$3.50 / week');
    expect(plan('vip_year')).toHaveTextContent('Yearly$99.99$1.92 / week');
    expect(screen.getByTestId('vip-benefits')).toHaveTextContent('Unlock All ContentAd FreeLatest Offers');

    // A month is chosen to begin with; price, period and renewal sit right by the button.
    expect(within(plan('vip_month')).getByRole('radio')).toBeChecked();
    expect(screen.getByTestId('vip-terms')).toHaveTextContent(
      '$14.99 charged every month. Renews automatically until cancelled; cancel anytime on this page.',
    );
    expect(screen.getByTestId('vip-buy')).toHaveTextContent('Subscribe for $14.99');
    expect(screen.getByTestId('vip-buy')).toHaveAccessibleDescription(/Renews automatically until cancelled/);

    fireEvent.click(within(plan('vip_year')).getByRole('radio'));
    expect(screen.getByTestId('vip-terms')).toHaveTextContent('$99.99 charged every year.');
    expect(screen.getByTestId('vip-buy')).toHaveTextContent('Subscribe for $99.99');

    const query = api.callsTo('GET /member/type')[0]?.query;
    expect(query?.get('pay_channel')).toBe('stripe');
    expect(query?.get('currency')).toBe('USD');
    // A visitor has no membership to ask about.
    expect(api.callsTo('GET /member')).toHaveLength(0);
  });

  it('formats prices in the UI language', async () => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    storeApi();
    await i18n.changeLanguage('tr');
    open();
    await waitFor(() => expect(plan('vip_month')).toHaveTextContent('$14,99'));
    expect(plan('vip_month')).toHaveTextContent('haftalık $3,50');
    expect(screen.getByTestId('vip-buy')).toHaveTextContent('$14,99 ile abone ol');
    await i18n.changeLanguage('zh');
    await waitFor(() => expect(plan('vip_month')).toHaveTextContent('US$14.99'));
    expect(screen.getByTestId('vip-terms')).toHaveTextContent('每月扣费 US$14.99');
  });

  it('sends a visitor who taps buy to sign in, coming back to the plan they chose', async () => {
    const api = storeApi();
    open();
    fireEvent.click(within(await screen.findByTestId('vip-plan-vip_year')).getByRole('radio'));
    fireEvent.click(screen.getByTestId('vip-buy'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/user/vip?plan=vip_year')}`,
    );
    expect(api.callsTo('POST /member/purchase')).toHaveLength(0);
  });

  it('comes back from sign-in with that plan chosen', async () => {
    signIn();
    storeApi();
    open('/pages/user/vip?plan=vip_year');
    await waitFor(() => expect(within(plan('vip_year')).getByRole('radio')).toBeChecked());
  });

  it('buys: POST /member/purchase with Stripe, then off to the checkout page', async () => {
    signIn();
    const membershipAnswer = deferred<Answer>();
    const api = storeApi({ 'GET /member': () => membershipAnswer.promise });
    open();
    // Not before the membership is known: a renewing subscriber must not be offered another plan.
    expect(await screen.findByTestId('vip-buy')).toBeDisabled();
    membershipAnswer.resolve({ code: 200, data: NO_MEMBERSHIP });
    await waitFor(() => expect(screen.getByTestId('vip-buy')).toBeEnabled());
    fireEvent.click(screen.getByTestId('vip-buy'));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://checkout.test/vip_month'));
    expect(api.callsTo('POST /member/purchase').map((call) => call.body)).toEqual([
      { product: 'vip_month', pay_channel: 'stripe' },
    ]);
    // Leaving for Stripe: a second tap cannot open a second order.
    expect(screen.getByTestId('vip-buy')).toBeDisabled();
    expect(screen.getByTestId('vip-buy')).toHaveTextContent('Opening checkout…');
  });

  it.each([
    [50002, 'Card payments are not configured here'],
    [50004, 'The payment service could not be reached. You were not charged; please try again.'],
  ])('says what a %i means and stays', async (code, text) => {
    signIn();
    storeApi({ 'POST /member/purchase': { code } });
    open();
    fireEvent.click(await enabledBuyButton());
    expect(await screen.findByTestId('toast')).toHaveTextContent(text);
    expect(goToExternalUrl).not.toHaveBeenCalled();
    expect(screen.getByTestId('vip-buy')).toBeEnabled();
  });

  it('a 50003 (already subscribed) says so and shows the subscription to manage instead', async () => {
    signIn();
    let subscribed = false;
    const api = storeApi({
      'GET /member': () => ({ code: 200, data: subscribed ? membership() : NO_MEMBERSHIP }),
      'POST /member/purchase': () => {
        subscribed = true;
        return { code: 50003 };
      },
    });
    open();
    fireEvent.click(await enabledBuyButton());
    expect(await screen.findByTestId('toast')).toHaveTextContent('You already have a VIP subscription');
    expect(await screen.findByTestId('vip-subscribed')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-buy')).toBeNull();
    expect(screen.getByTestId('vip-cancel')).toBeInTheDocument();
    expect(api.callsTo('GET /member')).toHaveLength(2);
  });

  it('without card payments shows the plans and prices, and a disabled button that says why', async () => {
    signIn();
    const api = storeApi({}, { stripe: false });
    open();
    await waitFor(() => expect(screen.getByTestId('vip-buy')).toHaveTextContent('Card payments are not configured here'));
    expect(screen.getByTestId('vip-buy')).toBeDisabled();
    expect(plan('vip_month')).toHaveTextContent('$14.99');
    expect(screen.getByTestId('vip-terms')).toHaveTextContent('$14.99 charged every month');
    fireEvent.click(screen.getByTestId('vip-buy'));
    expect(api.callsTo('POST /member/purchase')).toHaveLength(0);
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    let fail = true;
    storeApi({ 'GET /member/type': () => (fail ? { code: 10000 } : { code: 200, data: testMemberPlans() }) });
    open();
    expect(await screen.findByTestId('vip-plans-error')).toHaveTextContent('System Error');
    fail = false;
    fireEvent.click(screen.getByTestId('vip-plans-error-retry'));
    expect(await screen.findByTestId('vip-buy')).toBeInTheDocument();
  });
});

describe('the membership and its management', () => {
  it('a renewing member sees price, period and renewal date, and manages instead of buying', async () => {
    signIn();
    storeApi({ 'GET /member': { code: 200, data: membership() } });
    open();
    const card = await screen.findByTestId('vip-membership');
    expect(card).toHaveTextContent('Monthly');
    expect(card).toHaveTextContent('VIP active');
    expect(screen.getByTestId('vip-membership-price')).toHaveTextContent('$14.99 / month');
    expect(screen.getByTestId('vip-membership-status')).toHaveTextContent('Renews on Dec 23, 2099');
    expect(await screen.findByTestId('vip-subscribed')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-buy')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('cancels in one tap after a dialog that states the end date; then shows "Ends on" and Resume', async () => {
    signIn();
    const api = storeApi({
      'GET /member': { code: 200, data: membership() },
      'POST /member/cancel': {
        code: 200,
        data: membership({ subscription: subscription({ cancel_at_period_end: true }) }),
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('vip-cancel'));
    const dialog = screen.getByTestId('vip-cancel-dialog');
    expect(dialog).toHaveTextContent('Cancel your subscription?');
    expect(dialog).toHaveTextContent('You keep VIP until Dec 23, 2099. After that it ends and you are not charged again.');
    expect(api.callsTo('POST /member/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('vip-cancel-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('vip-membership-status')).toHaveTextContent('Ends on Dec 23, 2099'));
    expect(screen.queryByTestId('vip-cancel-dialog')).toBeNull();
    expect(screen.getByTestId('toast')).toHaveTextContent('Subscription cancelled. VIP ends on Dec 23, 2099.');
    expect(api.callsTo('POST /member/cancel')).toHaveLength(1);
    expect(screen.getByTestId('vip-resume')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-cancel')).toBeNull();
    // No longer renewing: buying a plan is possible again.
    expect(screen.getByTestId('vip-buy')).toBeInTheDocument();
  });

  it('keeping the subscription in the dialog changes nothing', async () => {
    signIn();
    const api = storeApi({ 'GET /member': { code: 200, data: membership() } });
    open();
    fireEvent.click(await screen.findByTestId('vip-cancel'));
    fireEvent.click(screen.getByTestId('vip-cancel-dialog-cancel'));
    expect(screen.queryByTestId('vip-cancel-dialog')).toBeNull();
    expect(screen.getByTestId('vip-membership-status')).toHaveTextContent('Renews on');
    expect(api.callsTo('POST /member/cancel')).toHaveLength(0);
  });

  it('resumes a cancelled subscription', async () => {
    signIn();
    const api = storeApi({
      'GET /member': { code: 200, data: membership({ subscription: subscription({ cancel_at_period_end: true }) }) },
      'POST /member/resume': { code: 200, data: membership() },
    });
    open();
    expect(await screen.findByTestId('vip-membership-status')).toHaveTextContent('Ends on Dec 23, 2099');
    fireEvent.click(screen.getByTestId('vip-resume'));
    await waitFor(() => expect(screen.getByTestId('vip-membership-status')).toHaveTextContent('Renews on Dec 23, 2099'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Subscription resumed');
    expect(api.callsTo('POST /member/resume')).toHaveLength(1);
  });

  it('a refused cancellation says why and shows the membership as the server has it', async () => {
    signIn();
    const api = storeApi({ 'GET /member': { code: 200, data: membership() }, 'POST /member/cancel': { code: 10000 } });
    open();
    fireEvent.click(await screen.findByTestId('vip-cancel'));
    fireEvent.click(screen.getByTestId('vip-cancel-dialog-confirm'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('System Error');
    await waitFor(() => expect(api.callsTo('GET /member')).toHaveLength(2));
  });

  it('"Manage billing" opens the Stripe billing portal', async () => {
    signIn();
    storeApi({
      'GET /member': { code: 200, data: membership() },
      'POST /member/portal': { code: 200, data: { url: 'https://billing.test/session' } },
    });
    open();
    fireEvent.click(await screen.findByTestId('vip-manage-billing'));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://billing.test/session'));
  });

  it('an App Store subscription is managed in iOS, not here', async () => {
    signIn();
    storeApi({
      'GET /member': {
        code: 200,
        data: membership({ subscription: subscription({ pay_channel: 'apple', manageable: false }) }),
      },
    });
    open();
    expect(await screen.findByTestId('vip-membership')).toHaveTextContent('manage it in your App Store settings');
    expect(screen.queryByTestId('vip-cancel')).toBeNull();
    expect(screen.queryByTestId('vip-manage-billing')).toBeNull();
  });

  it('VIP without a subscription (a gift) shows until when, and plans to buy', async () => {
    signIn();
    storeApi({ 'GET /member': { code: 200, data: { active: true, expires_at: RENEWS, subscription: null } } });
    open();
    expect(await screen.findByTestId('vip-membership-status')).toHaveTextContent('VIP until Dec 23, 2099');
    expect(await screen.findByTestId('vip-buy')).toBeInTheDocument();
  });
});

describe('Coins tab', () => {
  it('is ?tab=coins: packs with coins, bonus and price, and purchased coins never expire', async () => {
    signIn();
    const api = storeApi();
    open('/pages/user/vip?tab=coins');
    expect(screen.getByTestId('store-tab-coins')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getAllByTestId(/^coin-pack-coins_/)).toHaveLength(3));
    expect(pack('coins_500')).toHaveTextContent('500+50 bonus$4.99');
    expect(pack('coins_500')).toHaveAccessibleName('500 coins plus 50 bonus coins for $4.99');
    expect(pack('coins_100')).toHaveAccessibleName('100 coins for $0.99');
    expect(pack('coins_100')).not.toHaveTextContent('bonus');
    expect(screen.getByTestId('store-never-expire')).toHaveTextContent('Purchased coins never expire.');
    expect(screen.getByTestId('store-balance')).toHaveTextContent('Your balance: 40 coins');
    expect(screen.getByTestId('store-earn-free')).toHaveAttribute('href', '/pages/Rewards/index');
    expect(api.callsTo('GET /coin/type')[0]?.query.get('currency')).toBe('USD');
  });

  it('marks the pack named by ?pack=', async () => {
    storeApi();
    open('/pages/user/vip?tab=coins&pack=coins_500');
    await waitFor(() => expect(pack('coins_500')).toHaveAttribute('data-suggested', 'true'));
    expect(pack('coins_500')).toHaveTextContent('Best fit');
    expect(pack('coins_100')).toHaveAttribute('data-suggested', 'false');
  });

  it('a renewing member: their plan and date, the other plans with prices and how to switch, no second "Subscribe"', async () => {
    signIn();
    storeApi({ 'GET /member': { code: 200, data: membership() } });
    open();
    expect(await screen.findByTestId('vip-other-plans')).toBeInTheDocument();
    expect(screen.getByTestId('vip-headline')).toHaveTextContent('You are a VIP');
    expect(screen.queryByText('Become a VIP')).toBeNull();
    expect(screen.getByTestId('vip-membership-status')).toHaveTextContent('Renews on Dec 23, 2099');
    expect(screen.queryByTestId('vip-other-plan-vip_month')).toBeNull();
    expect(screen.getByTestId('vip-other-plan-vip_year')).toHaveTextContent('Yearly');
    expect(screen.getByTestId('vip-subscribed')).toHaveTextContent(
      'To switch, cancel the renewal above (you keep VIP until Dec 23, 2099)',
    );
    expect(screen.queryByTestId('vip-buy')).toBeNull();
  });

  it('a cancelled member: Resume, and a plan bought now says it is charged today and added after the current end', async () => {
    signIn();
    storeApi({
      'GET /member': { code: 200, data: membership({ subscription: subscription({ cancel_at_period_end: true }) }) },
    });
    open();
    await screen.findByTestId('vip-resume');
    await waitFor(() => expect(screen.getByTestId('vip-terms')).toHaveTextContent(/^You pay \$\d+\.\d\d today\./));
    expect(screen.getByTestId('vip-terms')).toHaveTextContent(
      'Your VIP runs until Dec 23, 2099; this plan adds one month after that.',
    );
    expect(screen.getByTestId('vip-buy')).toHaveTextContent(/^Pay \$\d+\.\d\d now$/);
    expect(screen.getByTestId('vip-headline')).toHaveTextContent('You are a VIP');
  });

  it('switches tabs through the query string', async () => {
    storeApi();
    open('/pages/user/vip?tab=coins&pack=coins_500');
    fireEvent.click(screen.getByTestId('store-tab-vip'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/pages\/user\/vip$/));
    expect(await screen.findByTestId('vip-plan-list')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('store-tab-coins'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/pages\/user\/vip\?tab=coins$/));
    expect(await screen.findByTestId('coin-pack-list')).toBeInTheDocument();
  });

  it('sends a visitor who taps a pack to sign in, coming back to that pack', async () => {
    const api = storeApi();
    open('/pages/user/vip?tab=coins');
    await waitFor(() => expect(pack('coins_500')).toBeEnabled());
    fireEvent.click(pack('coins_500'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/user/vip?tab=coins&pack=coins_500')}`,
    );
    expect(api.callsTo('POST /member/purchase')).toHaveLength(0);
  });

  it('buys a pack through Stripe Checkout', async () => {
    signIn();
    const api = storeApi();
    open('/pages/user/vip?tab=coins');
    await waitFor(() => expect(pack('coins_1000')).toBeEnabled());
    fireEvent.click(pack('coins_1000'));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://checkout.test/coins_1000'));
    expect(api.callsTo('POST /member/purchase').map((call) => call.body)).toEqual([
      { product: 'coins_1000', pay_channel: 'stripe' },
    ]);
    expect(pack('coins_1000')).toHaveTextContent('Opening checkout…');
    expect(pack('coins_100')).toBeDisabled();
  });

  it('without card payments shows the packs and prices, disabled, and says why', async () => {
    signIn();
    storeApi({}, { stripe: false });
    open('/pages/user/vip?tab=coins');
    expect(await screen.findByTestId('store-not-configured')).toHaveTextContent('Card payments are not configured here');
    await waitFor(() => expect(screen.getAllByTestId(/^coin-pack-coins_/)).toHaveLength(3));
    for (const id of ['coins_100', 'coins_500', 'coins_1000']) expect(pack(id)).toBeDisabled();
    expect(pack('coins_500')).toHaveTextContent('$4.99');
  });

  it('speaks Chinese and Turkish', async () => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    storeApi();
    await i18n.changeLanguage('zh');
    open('/pages/user/vip?tab=coins');
    await waitFor(() => expect(pack('coins_500')).toHaveTextContent('赠送 50'));
    expect(screen.getByTestId('store-never-expire')).toHaveTextContent('购买的金币永不过期');
    await i18n.changeLanguage('tr');
    await waitFor(() => expect(pack('coins_500')).toHaveTextContent('+50 hediye'));
    expect(pack('coins_500')).toHaveTextContent('$4,99');
  });
});
