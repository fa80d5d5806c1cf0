import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { testUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { MePage } from './me-page';

afterEach(() => clearSession());

describe('me page (spec §2/§3)', () => {
  it('shows a visitor as "Not logged in" with a sign-in button', () => {
    renderPage(<MePage />);
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Not logged in');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/login/index');
    expect(screen.queryByTestId('me-uid')).toBeNull();
  });

  it('shows the signed-in viewer: nickname, uid and balance', () => {
    setSession({ token: 't', userInfo: testUser({ uid: 4242, nickname: 'Mira', coin: 88 }) });
    renderPage(<MePage />);
    expect(screen.getByTestId('me-nickname')).toHaveTextContent('Mira');
    expect(screen.getByTestId('me-uid')).toHaveTextContent('UID: 4242');
    expect(screen.getByTestId('me-balance')).toHaveTextContent('88');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('links every account entry', () => {
    renderPage(<MePage />);
    const expected = {
      wallet: '/pages/user/wallet',
      history: '/pages/my-history/index',
      invite: '/pages/user/invite',
      vip: '/pages/user/vip',
      language: '/pages/user/Language',
      settings: '/pages/user/Setting',
    };
    for (const [entry, href] of Object.entries(expected))
      expect(screen.getByTestId(`me-entry-${entry}`)).toHaveAttribute('href', href);
  });
});
