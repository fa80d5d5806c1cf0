import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { PATHS } from '../../../lib/paths';
import { getSession, isSignedIn } from '../../../lib/session';
import { testAppConfig } from '../../../test/app-config';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { appBinderFor } from '../app-oauth-binders';
import { LoginPage } from './login-page';

vi.mock('../../../lib/external-navigation', () => ({ goToExternalUrl: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(goToExternalUrl).mockClear();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

const session = (overrides = {}) => ({
  token: 'tok-1',
  refresh_token: 'ref-1',
  expires_in: 900,
  user: testUser({ uid: 31, nickname: 'Mert', ...overrides }),
});

function renderLogin(search = '') {
  return renderRoutes(
    [
      { path: PATHS.login, element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`${PATHS.login}${search}`] },
  );
}

const toast = () => screen.getByTestId('toast');

/** Turkey, then the national number: the form sends E.164. */
async function enterTurkishPhone(user = userEvent.setup()) {
  await user.selectOptions(screen.getByTestId('login-country'), 'TR');
  await user.type(screen.getByTestId('login-phone'), '5551112233');
}

describe('login validation: phone number, then code or password, before anything is sent', () => {
  it('asks for the phone number, then the code, before sending anything', async () => {
    const api = stubApi();
    renderLogin();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(toast()).toHaveTextContent('Please Enter Phone Number');
    expect(screen.getByTestId('login-phone')).toHaveAccessibleDescription('Please Enter Phone Number');
    await enterTurkishPhone();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(toast()).toHaveTextContent('Please Enter Code');
    expect(screen.getByTestId('login-code')).toHaveAccessibleDescription('Please Enter Code');
    expect(api.calls).toEqual([]);
  });

  it('asks for the password on the password tab', async () => {
    const api = stubApi();
    renderLogin();
    await userEvent.click(screen.getByRole('tab', { name: 'Password' }));
    await enterTurkishPhone();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(toast()).toHaveTextContent('Please Enter Password');
    expect(screen.getByTestId('login-password')).toHaveAccessibleDescription('Please Enter Password');
    expect(api.calls).toEqual([]);
  });

  it('refuses a phone number that cannot exist, and a code that is not six digits', async () => {
    const api = stubApi();
    renderLogin();
    await userEvent.type(screen.getByTestId('login-phone'), '12');
    await userEvent.click(screen.getByTestId('login-send-code'));
    expect(toast()).toHaveTextContent('Invalid phone number');
    await userEvent.clear(screen.getByTestId('login-phone'));
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-code'), '12a');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(toast()).toHaveTextContent('Enter the 6-digit code');
    expect(api.calls).toEqual([]);
  });

  it('will not send a code without a phone number', async () => {
    const api = stubApi();
    renderLogin();
    await userEvent.click(screen.getByTestId('login-send-code'));
    expect(toast()).toHaveTextContent('Please Enter Phone Number');
    expect(screen.getByTestId('login-send-code')).toBeEnabled();
    expect(api.calls).toEqual([]);
  });

  it('offers the countries by name and dial prefix, preselecting the browser region, with no emoji flags', () => {
    stubApi();
    renderLogin();
    const country = screen.getByTestId('login-country');
    // jsdom's navigator.language is en-US.
    expect(country).toHaveValue('US');
    expect(within(country).getByRole('option', { name: /^(Türkiye|Turkey) \(\+90\)$/ })).toHaveValue('TR');
    expect(within(country).getByRole('option', { name: 'China (+86)' })).toHaveValue('CN');
    expect(screen.getByTestId('login-country-label')).toHaveTextContent('US +1');
    // Regional-indicator symbols (emoji flags) nowhere.
    expect(country.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });
});

describe('send code (POST /auth/sms/send)', () => {
  it('sends the E.164 phone and counts down from resend_in, button disabled until it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const api = stubApi({ 'POST /auth/sms/send': { code: 200, data: { resend_in: 45 } } });
    renderLogin();
    await enterTurkishPhone(user);
    await user.click(screen.getByTestId('login-send-code'));
    const button = screen.getByTestId('login-send-code');
    await vi.waitFor(() => expect(button).toHaveTextContent('Resend in 45s'));
    expect(button).toBeDisabled();
    expect(toast()).toHaveTextContent('Verification code sent');
    expect(api.callsTo('POST /auth/sms/send')).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ phone: '+905551112233' });
    expect(api.calls[0]?.headers.Authorization).toBe('');
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(button).toHaveTextContent('Resend in 30s');
    expect(button).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Send code');
  });

  it('on 70006 counts down from data.resend_in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    stubApi({ 'POST /auth/sms/send': { code: 70006, data: { resend_in: 17 } } });
    renderLogin();
    await enterTurkishPhone(user);
    await user.click(screen.getByTestId('login-send-code'));
    const button = screen.getByTestId('login-send-code');
    await vi.waitFor(() => expect(button).toHaveTextContent('Resend in 17s'));
    expect(button).toBeDisabled();
    expect(toast()).toHaveTextContent('Please wait before requesting another code');
    act(() => {
      vi.advanceTimersByTime(17_000);
    });
    expect(button).toBeEnabled();
  });

  it.each([
    [{ code: 70005 }, 'Failed to Send Code'],
    [{ code: 10000 }, 'Failed to Send Code'],
    [{ code: 70003 }, 'Invalid phone number'],
    [{ code: 10003, data: { retry_after_s: 540 } }, 'Too many attempts. Please try again in 9 min.'],
    [{ code: 70007 }, 'This sign-in method is not available'],
  ])('on %o says "%s" and leaves the button enabled', async (answer, message) => {
    stubApi({ 'POST /auth/sms/send': answer });
    renderLogin();
    await enterTurkishPhone();
    await userEvent.click(screen.getByTestId('login-send-code'));
    await vi.waitFor(() => expect(toast()).toHaveTextContent(message));
    expect(screen.getByTestId('login-send-code')).toBeEnabled();
    expect(screen.getByTestId('login-send-code')).toHaveTextContent('Send code');
  });
});

describe('sign in', () => {
  it('SMS: stores the session and goes back to the return-to (path and query), replacing the login page', async () => {
    const api = stubApi({ 'POST /auth/sms/login': { code: 200, data: session() } });
    const { router } = renderLogin('?redirect=%2Fpages%2FRewards%2Findex%3Ffrom%3Dshare');
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-code'), '482913');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/Rewards/index?from=share');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('POST /auth/sms/login')[0]?.body).toEqual({ phone: '+905551112233', code: '482913' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('refresh_token')).toBe('ref-1');
    expect(JSON.parse(localStorage.getItem('user_info')!)).toMatchObject({ uid: 31, nickname: 'Mert' });
    expect(isSignedIn()).toBe(true);
    expect(toast()).toHaveTextContent('Signed in');
  });

  it('goes home without a return-to, and never to another site', async () => {
    stubApi({ 'POST /auth/sms/login': { code: 200, data: session() } });
    renderLogin('?redirect=%2F%2Fevil.example%2Fsteal');
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-code'), '482913');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/index\/index$/);
  });

  it.each([
    [70001, 'Wrong verification code', 'login-code'],
    [70002, 'The verification code has expired', 'login-code'],
    [10000, 'Login Failed', null],
  ])('SMS: code %i says "%s" and stores nothing', async (code, message, field) => {
    stubApi({ 'POST /auth/sms/login': { code } });
    renderLogin();
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-code'), '000000');
    await userEvent.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() => expect(toast()).toHaveTextContent(message));
    if (field) expect(screen.getByTestId(field)).toHaveAccessibleDescription(message);
    expect(getSession().token).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('password: POST /auth/password/login; a refusal is said once, under the field, naming a missing password and the way to one', async () => {
    const api = stubApi({ 'POST /auth/password/login': { code: 70004 } });
    renderLogin();
    await userEvent.click(screen.getByRole('tab', { name: 'Password' }));
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-password'), 'hunter22');
    await userEvent.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('login-password')).toHaveAccessibleDescription(
        'Wrong password, or this number has no password yet. Signed up with an SMS code? Sign in with the code, then set a password in Settings.',
      ),
    );
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(api.callsTo('POST /auth/password/login')[0]?.body).toEqual({ phone: '+905551112233', password: 'hunter22' });
    expect(isSignedIn()).toBe(false);
  });

  it('password: signs in and goes home', async () => {
    stubApi({ 'POST /auth/password/login': { code: 200, data: session() } });
    renderLogin();
    await userEvent.click(screen.getByRole('tab', { name: 'Password' }));
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-password'), 'hunter22');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/index/index');
    expect(isSignedIn()).toBe(true);
  });

  it("password switched off in app config: 'Account login is not yet implemented', nothing sent", async () => {
    const config = testAppConfig();
    const api = stubApi({}, { ...config, sign_in_methods: { ...config.sign_in_methods, password: false } });
    renderLogin();
    await screen.findByTestId('sign-in-google'); // app config has arrived
    await userEvent.click(screen.getByRole('tab', { name: 'Password' }));
    await enterTurkishPhone();
    await userEvent.type(screen.getByTestId('login-password'), 'hunter22');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(toast()).toHaveTextContent('Account login is not yet implemented');
    expect(api.calls).toEqual([]);
  });
});

describe('third-party sign-in', () => {
  it('shows only the providers app config enables', async () => {
    stubApi();
    renderLogin();
    expect(await screen.findByTestId('sign-in-google')).toHaveTextContent('Continue with Google');
    expect(screen.getByTestId('sign-in-tiktok')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-facebook')).toBeNull();
  });

  it('asks for the provider URL, remembers the return-to, then leaves for the provider', async () => {
    const api = stubApi({
      'GET /auth/oauth/google/url': { code: 200, data: { url: 'https://accounts.example/auth?state=s1', state: 's1' } },
    });
    renderLogin('?redirect=%2Fpages%2Fuser%2Fwallet%3Ftab%3Dincome');
    await userEvent.click(await screen.findByTestId('sign-in-google'));
    await vi.waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://accounts.example/auth?state=s1'));
    expect(api.callsTo('GET /auth/oauth/google/url').map((call) => call.query.get('client'))).toEqual(['web']);
    expect(sessionStorage.getItem('login_return_to')).toBe('/pages/user/wallet?tab=income');
  });

  it('says why when the provider is switched off on the server', async () => {
    stubApi({ 'GET /auth/oauth/tiktok/url': { code: 70007 } });
    renderLogin();
    await userEvent.click(await screen.findByTestId('sign-in-tiktok'));
    await vi.waitFor(() => expect(toast()).toHaveTextContent('This sign-in method is not available'));
    expect(goToExternalUrl).not.toHaveBeenCalled();
    expect(screen.getByTestId('sign-in-tiktok')).toBeEnabled();
  });

  it("in the app shell: '{app} is not installed' when the provider's app is missing", async () => {
    const canOpenUrl = vi.fn(() => Promise.resolve({ value: false }));
    (window as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: { AppLauncher: { canOpenUrl } },
    };
    const api = stubApi();
    renderLogin();
    await userEvent.click(await screen.findByTestId('sign-in-tiktok'));
    await vi.waitFor(() => expect(toast()).toHaveTextContent('TikTok is not installed'));
    expect(canOpenUrl).toHaveBeenCalledWith({ url: 'tiktok://' });
    expect(api.calls).toEqual([]);
    expect(goToExternalUrl).not.toHaveBeenCalled();
  });

  it('in the app shell with the app installed: the web flow goes on', async () => {
    (window as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: { AppLauncher: { canOpenUrl: () => Promise.resolve({ value: true }) } },
    };
    const api = stubApi({
      'GET /auth/oauth/tiktok/url': {
        code: 200,
        data: { url: 'https://tiktok.example/auth', state: 'app.s', binder: 'binder-for-app-s' },
      },
    });
    renderLogin();
    await userEvent.click(await screen.findByTestId('sign-in-tiktok'));
    await vi.waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://tiktok.example/auth'));
    // Asked as the app, which keeps the state's binder for the exchange back in the app.
    expect(api.callsTo('GET /auth/oauth/tiktok/url').map((call) => call.query.get('client'))).toEqual(['app']);
    expect(appBinderFor('app.s')).toBe('binder-for-app-s');
  });
});
