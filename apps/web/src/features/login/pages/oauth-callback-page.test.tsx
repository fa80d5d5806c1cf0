import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { PATHS } from '../../../lib/paths';
import { isSignedIn } from '../../../lib/session';
import { deferred, stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { forgetOAuthExchanges } from '../api/post-oauth-callback';
import { appBinderFor, rememberAppBinder } from '../app-oauth-binders';
import { FacebookCallbackPage, GoogleCallbackPage } from './oauth-callback-page';

vi.mock('../../../lib/external-navigation', () => ({ goToExternalUrl: vi.fn() }));

afterEach(() => {
  forgetOAuthExchanges();
  vi.mocked(goToExternalUrl).mockClear();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

/** A state the server issued to the app (GET …/url?client=app) carries this mark. */
const APP_STATE = 'app.St4te-of-the-app';

const session = {
  token: 'tok-g',
  refresh_token: 'ref-g',
  expires_in: 900,
  user: testUser({ uid: 77, nickname: 'Gül' }),
};

function renderCallback(path: string, search: string) {
  return renderRoutes(
    [
      { path: PATHS.googleLogin, element: <GoogleCallbackPage /> },
      { path: PATHS.facebookLogin, element: <FacebookCallbackPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`${path}${search}`], strict: true },
  );
}

describe('OAuth callback pages', () => {
  it('exchanges code and state exactly once under StrictMode, stores the session and returns (replace)', async () => {
    const answer = deferred<Answer>();
    const api = stubApi({ 'POST /auth/oauth/google/callback': () => answer.promise });
    sessionStorage.setItem('login_return_to', '/pages/user/wallet?tab=income');
    const { router } = renderCallback(PATHS.googleLogin, '?code=abc&state=st-1');
    expect(await screen.findByText('Signing you in with Google…')).toBeInTheDocument();
    // Let StrictMode's second effect run before the answer arrives.
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer.resolve({ code: 200, data: session });
    expect(await screen.findByTestId('where')).toHaveTextContent('/pages/user/wallet?tab=income');
    expect(router.state.historyAction).toBe('REPLACE');
    const calls = api.callsTo('POST /auth/oauth/google/callback');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ code: 'abc', state: 'st-1' });
    expect(localStorage.getItem('token')).toBe('tok-g');
    expect(isSignedIn()).toBe(true);
    expect(sessionStorage.getItem('login_return_to')).toBeNull();
  });

  it('goes home when the sign-in started nowhere in particular', async () => {
    stubApi({ 'POST /auth/oauth/facebook/callback': { code: 200, data: session } });
    renderCallback(PATHS.facebookLogin, '?code=c2&state=st-2');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/index\/index$/);
  });

  it("shows 'Login Failed' for a provider error, without calling the server", async () => {
    const api = stubApi();
    sessionStorage.setItem('login_return_to', '/pages/Rewards/index');
    renderCallback(PATHS.googleLogin, '?error=access_denied&state=st-3');
    expect(await screen.findByTestId('oauth-failed')).toHaveTextContent('Login Failed');
    expect(screen.getByTestId('oauth-back-to-login')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2FRewards%2Findex',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    expect(isSignedIn()).toBe(false);
  });

  it('says what the code means when the server refuses the state (70008)', async () => {
    const api = stubApi({ 'POST /auth/oauth/google/callback': { code: 70008 } });
    renderCallback(PATHS.googleLogin, '?code=abc&state=used');
    const failed = await screen.findByTestId('oauth-failed');
    expect(failed).toHaveTextContent('Login Failed');
    expect(failed).toHaveTextContent('The sign-in link has expired. Please try again.');
    expect(api.callsTo('POST /auth/oauth/google/callback')).toHaveLength(1);
    expect(isSignedIn()).toBe(false);
  });

  it('treats a callback without a code as failed', async () => {
    const api = stubApi();
    renderCallback(PATHS.googleLogin, '?state=only');
    expect(await screen.findByTestId('oauth-failed')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('a sign-in started in the app', () => {
  it('in a browser (Safari after the provider): hands the whole callback to the app, without an exchange', async () => {
    const api = stubApi();
    renderCallback(PATHS.googleLogin, `?code=abc&state=${APP_STATE}`);
    expect(await screen.findByText('Returning to the app…')).toBeInTheDocument();
    const appUrl = `cliffhanger://pages/login/googleLogin?code=abc&state=${APP_STATE}`;
    // Once, although StrictMode runs the effect twice.
    expect(goToExternalUrl).toHaveBeenCalledTimes(1);
    expect(goToExternalUrl).toHaveBeenCalledWith(appUrl);
    // The link retries the hand-off.
    expect(screen.getByTestId('oauth-open-app')).toHaveAttribute('href', appUrl);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    expect(isSignedIn()).toBe(false);
  });

  it('in a browser: hands a declined sign-in to the app too, so the app says so', async () => {
    stubApi();
    renderCallback(PATHS.facebookLogin, `?error=access_denied&state=${APP_STATE}`);
    expect(await screen.findByTestId('oauth-return-to-app')).toBeInTheDocument();
    expect(goToExternalUrl).toHaveBeenCalledWith(`cliffhanger://pages/login/facebookLogin?error=access_denied&state=${APP_STATE}`);
  });

  it('in the app: exchanges with the binder the app kept for that state, then forgets it', async () => {
    (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, Plugins: {} };
    rememberAppBinder(APP_STATE, 'binder-of-this-app');
    rememberAppBinder('app.another-sign-in', 'binder-of-another');
    const api = stubApi({ 'POST /auth/oauth/google/callback': { code: 200, data: session } });
    renderCallback(PATHS.googleLogin, `?code=abc&state=${APP_STATE}`);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/index\/index$/);
    expect(api.callsTo('POST /auth/oauth/google/callback').map((call) => call.body)).toEqual([
      { code: 'abc', state: APP_STATE, binder: 'binder-of-this-app' },
    ]);
    expect(goToExternalUrl).not.toHaveBeenCalled();
    expect(isSignedIn()).toBe(true);
    expect(appBinderFor(APP_STATE)).toBeUndefined();
    expect(appBinderFor('app.another-sign-in')).toBe('binder-of-another');
  });

  it("in the app: a state it never started goes without a binder, and the server's 70008 is shown", async () => {
    (window as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, Plugins: {} };
    rememberAppBinder('app.its-own-sign-in', 'its-own-binder');
    const api = stubApi({ 'POST /auth/oauth/google/callback': { code: 70008 } });
    renderCallback(PATHS.googleLogin, '?code=attackers-code&state=app.attackers-state');
    expect(await screen.findByTestId('oauth-failed')).toHaveTextContent('The sign-in link has expired. Please try again.');
    expect(api.callsTo('POST /auth/oauth/google/callback').map((call) => call.body)).toEqual([
      { code: 'attackers-code', state: 'app.attackers-state' },
    ]);
    expect(isSignedIn()).toBe(false);
  });
});
