import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { isSignedIn } from '../../../lib/session';
import { deferred, stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderRoutes, Where } from '../../../test/render';
import { forgetOAuthExchanges } from '../api/post-oauth-callback';
import { FacebookCallbackPage, GoogleCallbackPage } from './oauth-callback-page';

afterEach(() => forgetOAuthExchanges());

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
