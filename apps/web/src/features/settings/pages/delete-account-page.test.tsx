import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { isSignedIn, setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { MePage } from '../../me/pages/me-page';
import { DeleteAccountPage } from './delete-account-page';

function renderDelete() {
  return renderRoutes(
    [
      { path: PATHS.deleteAccount, element: <DeleteAccountPage /> },
      { path: PATHS.me, element: <MePage /> },
    ],
    { initialEntries: [PATHS.settings, PATHS.deleteAccount] },
  );
}

const signIn = () => setSession({ token: 't', refreshToken: 'r', userInfo: testUser({ nickname: 'Ada' }) });

describe('account deletion: a notice, then keep or confirm', () => {
  it('asks a visitor to sign in first', () => {
    stubApi();
    renderDelete();
    expect(screen.getByTestId('login-required')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('login-required-sign-in')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Flogin%2FdeleteUserTips',
    );
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
  });

  it("shows the notice, then 'keep account' or 'confirm deletion'; keeping changes nothing", async () => {
    const api = stubApi();
    signIn();
    renderDelete();
    expect(screen.getByRole('heading', { name: 'Before you delete your account' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('delete-confirm'));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(screen.getByTestId('delete-popup-keep')).toHaveTextContent('Keep account');
    expect(screen.getByTestId('delete-popup-confirm')).toHaveTextContent('Confirm deletion');
    await userEvent.click(screen.getByTestId('delete-popup-keep'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isSignedIn()).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('confirming deletes the account (DELETE /user), signs out and shows Me as "Not logged in"', async () => {
    const api = stubApi({ 'DELETE /user': { code: 200 } });
    signIn();
    const { router } = renderDelete();
    await userEvent.click(screen.getByTestId('delete-confirm'));
    await userEvent.click(screen.getByTestId('delete-popup-confirm'));
    expect(await screen.findByTestId('me-nickname')).toHaveTextContent('Not logged in');
    expect(router.state.location.pathname).toBe(PATHS.me);
    expect(screen.getByTestId('toast')).toHaveTextContent('Your account has been deleted');
    const [call] = api.callsTo('DELETE /user');
    expect(call?.headers.Authorization).toBe('r');
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("a refusal says the code's message and keeps the account signed in", async () => {
    stubApi({ 'DELETE /user': { code: 10003, data: { retry_after_s: 60 } } });
    signIn();
    renderDelete();
    await userEvent.click(screen.getByTestId('delete-confirm'));
    await userEvent.click(screen.getByTestId('delete-popup-confirm'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Too many requests. Please try again later.'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isSignedIn()).toBe(true);
    expect(screen.getByTestId('delete-confirm')).toBeInTheDocument();
  });
});
