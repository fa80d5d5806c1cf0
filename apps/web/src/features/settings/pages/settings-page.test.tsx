import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { getSession, isSignedIn, setSession } from '../../../lib/session';
import { stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { SettingsPage } from './settings-page';

function renderSettings() {
  return renderRoutes(
    [
      { path: PATHS.settings, element: <SettingsPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.settings] },
  );
}

const toast = () => screen.getByTestId('toast');
/** The calls a step made, without the notification section's own read (its tests are its own). */
const accountCalls = (calls: Array<{ path: string }>) =>
  calls.filter((call) => call.path !== '/notifications/settings');

describe('settings: visitor', () => {
  it('offers no sign out, and sends the account entries to sign in first', async () => {
    const api = stubApi();
    renderSettings();
    expect(screen.queryByTestId('settings-entry-sign-out')).toBeNull();
    expect(screen.queryByTestId('settings-entry-subscription')).toBeNull();
    expect(screen.getByTestId('settings-entry-language')).toHaveAttribute('href', PATHS.language);
    expect(screen.getByTestId('settings-entry-privacy')).toHaveAttribute('href', PATHS.privacy);
    expect(screen.getByTestId('settings-entry-terms')).toHaveAttribute('href', PATHS.terms);
    expect(screen.getByTestId('settings-entry-delete')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Flogin%2FdeleteUserTips',
    );
    await userEvent.click(screen.getByTestId('settings-entry-password'));
    expect(toast()).toHaveTextContent('Please login first');
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/login/index?redirect=%2Fpages%2Fuser%2FSetting');
    expect(api.calls).toEqual([]);
  });
});

describe('settings: subscription', () => {
  it('offers no "Manage subscription" to an account that never had VIP', () => {
    stubApi();
    setSession({ token: 't', userInfo: testUser({ vip: { active: false, expires_at: null } }) });
    renderSettings();
    expect(screen.getByTestId('settings-entry-delete')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-entry-subscription')).toBeNull();
  });
});

describe('settings: sign out', () => {
  it('POST /auth/logout, then clears the session and goes to Me', async () => {
    const api = stubApi({ 'POST /auth/logout': { code: 200 } });
    setSession({
      token: 't',
      refreshToken: 'r',
      userInfo: testUser({ vip: { active: true, expires_at: '2099-01-01T00:00:00.000Z' } }),
    });
    const { router } = renderSettings();
    expect(screen.getByTestId('settings-entry-delete')).toHaveAttribute('href', PATHS.deleteAccount);
    // A member: one tap to where the subscription is managed (and cancelled).
    expect(screen.getByTestId('settings-entry-subscription')).toHaveTextContent('Manage subscription');
    expect(screen.getByTestId('settings-entry-subscription')).toHaveAttribute('href', PATHS.vip);
    await userEvent.click(screen.getByTestId('settings-entry-sign-out'));
    await userEvent.click(screen.getByTestId('sign-out-dialog-confirm'));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/user\/index$/);
    expect(router.state.historyAction).toBe('REPLACE');
    const [logout] = api.callsTo('POST /auth/logout');
    expect(logout?.headers.Authorization).toBe('r');
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(toast()).toHaveTextContent('Signed out');
  });

  it.each<[string, Answer]>([
    ['a transport failure', { networkError: true }],
    ['an expired session', { code: 20003 }],
    ['a rejected code', { code: 10000 }],
  ])('signs out on this device even after %s, without an error toast', async (_, answer) => {
    stubApi({ 'POST /auth/logout': answer });
    setSession({ token: 't', userInfo: testUser() });
    renderSettings();
    await userEvent.click(screen.getByTestId('settings-entry-sign-out'));
    await userEvent.click(screen.getByTestId('sign-out-dialog-confirm'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/user/index');
    expect(getSession().token).toBeNull();
    expect(toast()).toHaveTextContent('Signed out');
  });

  it('keeps the session when the question is cancelled', async () => {
    const api = stubApi();
    setSession({ token: 't', userInfo: testUser() });
    renderSettings();
    await userEvent.click(screen.getByTestId('settings-entry-sign-out'));
    await userEvent.click(screen.getByTestId('sign-out-dialog-cancel'));
    expect(isSignedIn()).toBe(true);
    expect(accountCalls(api.calls)).toEqual([]);
  });
});

describe('settings: password (PUT /user/password)', () => {
  it('sets a first password: no current password asked, the rule checked first', async () => {
    const api = stubApi({ 'PUT /user/password': { code: 200 } });
    setSession({ token: 't', userInfo: testUser({ has_password: false }) });
    renderSettings();
    await userEvent.click(screen.getByTestId('settings-entry-password'));
    const dialog = screen.getByRole('dialog', { name: 'Set a password' });
    expect(within(dialog).queryByTestId('password-current')).toBeNull();
    expect(screen.getByTestId('password-new')).toHaveFocus();
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-new')).toHaveAccessibleDescription('Please Enter Password');
    await userEvent.type(screen.getByTestId('password-new'), 'short');
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-new')).toHaveAccessibleDescription('8 to 72 characters');
    await userEvent.type(screen.getByTestId('password-new'), '-but-long-now');
    await userEvent.type(screen.getByTestId('password-repeat'), 'something else');
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-repeat')).toHaveAccessibleDescription('The passwords do not match');
    expect(accountCalls(api.calls)).toEqual([]);
    await userEvent.clear(screen.getByTestId('password-repeat'));
    await userEvent.type(screen.getByTestId('password-repeat'), 'short-but-long-now');
    await userEvent.click(screen.getByTestId('password-submit'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast()).toHaveTextContent('Password set');
    const [put] = api.callsTo('PUT /user/password');
    expect(put?.body).toEqual({ password: 'short-but-long-now' });
    expect(put?.headers.Authorization).toBe('t');
    expect(getSession().userInfo?.has_password).toBe(true);
    expect(screen.getByTestId('settings-entry-password')).toHaveTextContent('Change password');
  });

  it('changes a password: the current one is required, and a wrong one is said under its field', async () => {
    let answer: Answer = { code: 70004 };
    const api = stubApi({ 'PUT /user/password': () => answer });
    setSession({ token: 't', userInfo: testUser({ has_password: true }) });
    renderSettings();
    await userEvent.click(screen.getByTestId('settings-entry-password'));
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('password-current')).toHaveAccessibleDescription('Please enter your current password');
    await userEvent.type(screen.getByTestId('password-current'), 'old-password');
    await userEvent.type(screen.getByTestId('password-new'), 'new-password-1');
    await userEvent.type(screen.getByTestId('password-repeat'), 'new-password-1');
    await userEvent.click(screen.getByTestId('password-submit'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('password-current')).toHaveAccessibleDescription('Wrong password'),
    );
    answer = { code: 200 };
    await userEvent.click(screen.getByTestId('password-submit'));
    await vi.waitFor(() => expect(toast()).toHaveTextContent('Password changed'));
    expect(api.callsTo('PUT /user/password').map((call) => call.body)).toEqual([
      { password: 'new-password-1', current_password: 'old-password' },
      { password: 'new-password-1', current_password: 'old-password' },
    ]);
  });
});
