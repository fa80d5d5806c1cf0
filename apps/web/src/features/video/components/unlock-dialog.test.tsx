import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubApi } from '../../../test/fake-api';
import { setSession } from '../../../lib/session';
import { testCoinPacks, testUser } from '../../../test/fixtures';
import { renderPage, renderRoutes, Where } from '../../../test/render';
import { peekPendingUnlock } from '../../../lib/payments/pending-unlock';
import { PREFERENCE_KEYS } from '../player/preferences';
import { UnlockDialog, type UnlockOffer } from './unlock-dialog';

const offer = (overrides: Partial<UnlockOffer> = {}): UnlockOffer => ({
  dramaId: 7,
  episodeId: 103,
  episodeNumber: 3,
  prices: { episode: 30, all: 50, locked_count: 2 },
  coin: 120,
  signedIn: true,
  ...overrides,
});

describe('unlock dialog', () => {
  it('shows the episode, both prices, the balance and calls back with the choice', () => {
    const onUnlock = vi.fn();
    renderPage(<UnlockDialog open offer={offer()} onUnlock={onUnlock} onClose={() => undefined} />);
    const dialog = screen.getByTestId('unlock-dialog');
    expect(dialog).toHaveTextContent('Episode 3 is locked');
    expect(screen.getByTestId('unlock-price-episode')).toHaveTextContent('Unlock this episode: 30 coins');
    expect(screen.getByTestId('unlock-price-all')).toHaveTextContent('Unlock all remaining (2 episodes): 50 coins');
    expect(screen.getByTestId('unlock-balance')).toHaveTextContent('Your balance: 120 coins');

    fireEvent.click(screen.getByTestId('unlock-episode'));
    fireEvent.click(screen.getByTestId('unlock-all'));
    expect(onUnlock.mock.calls).toEqual([['episode'], ['all']]);
  });

  it('has the auto-unlock switch off by default and remembers it', () => {
    renderPage(<UnlockDialog open offer={offer()} onUnlock={() => undefined} onClose={() => undefined} />);
    const toggle = screen.getByRole('switch', { name: 'Auto-unlock next episode' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(localStorage.getItem(PREFERENCE_KEYS.autoUnlock)).toBe('true');
  });

  it('offers no "all" when only this episode is locked', () => {
    renderPage(
      <UnlockDialog
        open
        offer={offer({ prices: { episode: 30, all: 30, locked_count: 1 } })}
        onUnlock={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByTestId('unlock-all')).toBeNull();
    expect(screen.getByTestId('unlock-episode')).toBeInTheDocument();
  });

  it('gives a visitor the prices and a sign-in button that comes back here', () => {
    renderPage(
      <UnlockDialog
        open
        offer={offer({ signedIn: false, coin: 0 })}
        onUnlock={() => undefined}
        onClose={() => undefined}
      />,
      '/pages/video/index?drama_id=7&episode_id=103',
    );
    expect(screen.getByTestId('unlock-price-episode')).toHaveTextContent('30 coins');
    expect(screen.queryByTestId('unlock-episode')).toBeNull();
    expect(screen.queryByTestId('unlock-balance')).toBeNull();
    expect(screen.getByTestId('unlock-sign-in')).toHaveAttribute(
      'href',
      `/pages/login/index?redirect=${encodeURIComponent('/pages/video/index?drama_id=7&episode_id=103')}`,
    );
  });

  it('closes on "Not now"', () => {
    const onClose = vi.fn();
    renderPage(<UnlockDialog open offer={offer()} onUnlock={() => undefined} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('unlock-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('has no shortfall and no "Get coins" while the balance covers an episode, and asks for no packs', () => {
    const api = stubApi({ 'GET /coin/type': { code: 200, data: testCoinPacks() } });
    renderPage(<UnlockDialog open offer={offer()} onUnlock={() => undefined} onClose={() => undefined} />);
    expect(screen.queryByTestId('unlock-shortfall')).toBeNull();
    expect(screen.queryByTestId('unlock-get-coins')).toBeNull();
    expect(api.callsTo('GET /coin/type')).toHaveLength(0);
  });

  it('after a 30001 says the tap was refused, with the shortfall, the reported balance, the covering pack, VIP and Rewards', async () => {
    stubApi({ 'GET /coin/type': { code: 200, data: testCoinPacks() } });
    renderRoutes(
      [
        {
          path: '/pages/video/index',
          element: (
            <UnlockDialog
              open
              offer={offer()}
              insufficient={{ shortfall: 120, balance: 40, cost: 160 }}
              onUnlock={() => undefined}
              onClose={() => undefined}
            />
          ),
        },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: ['/pages/video/index?drama_id=7&episode_id=103'] },
    );
    const shortfall = screen.getByTestId('unlock-shortfall');
    expect(shortfall).toHaveTextContent('Not unlocked: you need 120 more coins');
    expect(shortfall).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('unlock-balance')).toHaveTextContent('Your balance: 40 coins');
    // Still possible to try again (coins may have arrived meanwhile).
    expect(screen.getByTestId('unlock-episode')).toBeEnabled();
    // 100 coins do not cover 120; 500 + 50 bonus do, and is the smallest that does.
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveAttribute('data-pack', 'coins_500'));
    expect(screen.getByTestId('unlock-buy-pack')).toHaveTextContent('Buy 550 coins for $4.99');
    expect(screen.getByTestId('unlock-get-vip')).toHaveAttribute('href', '/pages/user/vip');
    expect(screen.getByTestId('unlock-earn-coins')).toHaveAttribute('href', '/pages/Rewards/index');
    fireEvent.click(screen.getByTestId('unlock-get-vip'));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/user/vip');
    // The episode is remembered for the way back.
    expect(peekPendingUnlock()).toMatchObject({ dramaId: 7, episodeId: 103, episodeNumber: 3 });
  });

  it('one tap on the covering pack goes to checkout and remembers the episode', async () => {
    const api = stubApi({
      'GET /coin/type': { code: 200, data: testCoinPacks() },
      'POST /member/purchase': { code: 200, data: { order_id: 'ord_x', checkout_url: null, app_account_token: null } },
    });
    setSession({ token: 'tok', userInfo: testUser({ coin: 12 }) });
    renderPage(<UnlockDialog open offer={offer({ coin: 12 })} onUnlock={() => undefined} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveAttribute('data-pack', 'coins_100'));
    fireEvent.click(screen.getByTestId('unlock-buy-pack'));
    await waitFor(() => expect(api.callsTo('POST /member/purchase')).toHaveLength(1));
    expect(api.callsTo('POST /member/purchase')[0]?.body).toEqual({ product: 'coins_100', pay_channel: 'stripe' });
    expect(peekPendingUnlock()).toMatchObject({ episodeId: 103 });
  });

  it('before any tap, a balance below the episode price already says how many coins are missing', async () => {
    stubApi({ 'GET /coin/type': { code: 200, data: testCoinPacks() } });
    renderPage(<UnlockDialog open offer={offer({ coin: 12 })} onUnlock={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('unlock-shortfall')).toHaveTextContent('You need 18 more coins');
    // "All" costs more than the balance misses for one: not offered while short.
    expect(screen.queryByTestId('unlock-all')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveAttribute('data-pack', 'coins_100'));
  });

  it('still leads to the coin store when the packs cannot be loaded', async () => {
    const api = stubApi({ 'GET /coin/type': { code: 10000 } });
    renderPage(<UnlockDialog open offer={offer({ coin: 12 })} onUnlock={() => undefined} onClose={() => undefined} />);
    await waitFor(() => expect(api.callsTo('GET /coin/type')).toHaveLength(1));
    expect(screen.getByTestId('unlock-get-coins')).toHaveAttribute('href', '/pages/user/vip?tab=coins');
  });

  it('speaks Chinese and Turkish too', async () => {
    onTestFinished(() => void i18n.changeLanguage('en'));
    stubApi({ 'GET /coin/type': { code: 200, data: testCoinPacks() } });
    await i18n.changeLanguage('zh');
    const { unmount } = renderPage(
      <UnlockDialog open offer={offer({ coin: 12 })} onUnlock={() => undefined} onClose={() => undefined} />,
    );
    expect(screen.getByTestId('unlock-shortfall')).toHaveTextContent('还差 18 金币');
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveTextContent('购买 100 金币'));
    expect(screen.getByTestId('unlock-get-vip')).toHaveTextContent('开通 VIP');
    unmount();
    await i18n.changeLanguage('tr');
    renderPage(<UnlockDialog open offer={offer({ coin: 12 })} onUnlock={() => undefined} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByTestId('unlock-buy-pack')).toHaveTextContent('100 jeton al'));
    expect(screen.getByTestId('unlock-earn-coins')).toHaveTextContent('Ödüller');
  });
});
