import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { getSession, isSignedIn, setSession } from '../../../lib/session';
import { toastStore } from '../../../lib/toast';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { MePage } from './me-page';

function renderMe() {
  return renderRoutes(
    [
      { path: PATHS.me, element: <MePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.me] },
  );
}

describe('me page: the viewer card, VIP state and account entries', () => {
  it('shows a visitor as "Not logged in" with a sign-in button that comes back here, and asks nothing', async () => {
    const api = stubApi();
    renderMe();
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Not logged in');
    expect(screen.getByTestId('me-sign-in')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Fuser%2Findex',
    );
    expect(screen.queryByTestId('me-uid')).toBeNull();
    expect(screen.getByTestId('me-coin')).toHaveTextContent('0');
    expect(screen.getByRole('img', { name: 'Default avatar' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.callsTo('GET /user')).toEqual([]);
  });

  it('shows the signed-in viewer, then refreshes the user info on show (GET /user, code 200 stores it)', async () => {
    const api = stubApi({
      'GET /user': { code: 200, data: testUser({ uid: 4242, nickname: 'Mira', coin: 95, avatar: 'avatars/m.webp' }) },
    });
    setSession({ token: 't', refreshToken: 'r', userInfo: testUser({ uid: 4242, nickname: 'Mira', coin: 88 }) });
    renderMe();
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Mira');
    expect(screen.getByTestId('me-uid')).toHaveTextContent('UID: 4242');
    expect(screen.getByTestId('me-coin')).toHaveTextContent('88');
    await vi.waitFor(() => expect(screen.getByTestId('me-coin')).toHaveTextContent('95'));
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', '/media/avatars/m.webp');
    const [call] = api.callsTo('GET /user');
    // The refresh token when there is one (docs/product.md#api-calls).
    expect(call?.headers.Authorization).toBe('r');
    expect(JSON.parse(localStorage.getItem('user_info')!)).toMatchObject({ coin: 95 });
    expect(screen.queryByTestId('me-sign-in')).toBeNull();
  });

  it.each([
    ['a rejected code', { code: 10000 }],
    ['session invalid', { code: 20003 }],
    ['data that breaks the contract', { code: 200, data: { uid: 'x' }, offContract: true as const }],
  ])('clears the login state on %s', async (_, answer) => {
    stubApi({ 'GET /user': answer });
    setSession({ token: 't', userInfo: testUser({ nickname: 'Mira' }) });
    renderMe();
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Mira');
    await vi.waitFor(() => expect(screen.getByTestId('me-nickname')).toHaveTextContent('Not logged in'));
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_info')).toBeNull();
  });

  it('keeps the session through a transport failure (no answer is not a refusal)', async () => {
    const api = stubApi({ 'GET /user': { networkError: true } });
    setSession({ token: 't', userInfo: testUser({ nickname: 'Mira' }) });
    renderMe();
    await vi.waitFor(() => expect(api.callsTo('GET /user')).toHaveLength(1));
    await vi.waitFor(() => expect(toastStore.get()?.text).toBe('Network Error'));
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Mira');
    expect(isSignedIn()).toBe(true);
  });

  it('shows the VIP badge with its end date while the membership is active', () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({
      token: 't',
      userInfo: testUser({ vip: { active: true, expires_at: '2027-03-05T10:00:00.000Z' } }),
    });
    renderMe();
    expect(screen.getByTestId('me-vip')).toHaveTextContent('VIP until Mar 5, 2027');
  });

  it('shows no VIP badge for a lapsed membership; an absolute avatar URL is used as is', () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({
      token: 't',
      userInfo: testUser({
        vip: { active: false, expires_at: '2020-01-01T00:00:00.000Z' },
        avatar: 'https://cdn.example/a.png',
      }),
    });
    renderMe();
    expect(screen.queryByTestId('me-vip')).toBeNull();
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute('src', 'https://cdn.example/a.png');
  });

  it('links every entry for a signed-in viewer', () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({ token: 't', userInfo: testUser() });
    renderMe();
    const expected = {
      'edit-profile': '/pages/user/edit-person-info',
      wallet: '/pages/user/wallet',
      coins: '/pages/user/vip?tab=coins',
      history: '/pages/my-history/index',
      invite: '/pages/user/invite',
      vip: '/pages/user/vip',
      language: '/pages/user/Language',
      settings: '/pages/user/Setting',
    };
    for (const [entry, href] of Object.entries(expected))
      expect(screen.getByTestId(`me-entry-${entry}`)).toHaveAttribute('href', href);
  });

  it('sends a visitor to sign in first for the account entries, then on to the entry', async () => {
    stubApi();
    renderMe();
    expect(screen.getByTestId('me-entry-vip')).toHaveAttribute('href', '/pages/user/vip');
    // The store is open to visitors: buying is what asks them to sign in.
    expect(screen.getByTestId('me-entry-coins')).toHaveAttribute('href', '/pages/user/vip?tab=coins');
    expect(screen.getByTestId('me-entry-settings')).toHaveAttribute('href', '/pages/user/Setting');
    expect(screen.getByTestId('me-entry-edit-profile')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Fuser%2Fedit-person-info',
    );
    await userEvent.click(screen.getByTestId('me-entry-wallet'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/login/index?redirect=%2Fpages%2Fuser%2Fwallet');
    expect(getSession().token).toBeNull();
  });
});
