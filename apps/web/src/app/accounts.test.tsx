import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, isSignedIn, setSession } from '../lib/session';
import { stubApi } from '../test/fake-api';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const session = { token: 'tok', refresh_token: 'ref', expires_in: 900, user: testUser({ uid: 9, nickname: 'Deniz' }) };

describe('session life: the user info is refreshed at launch and on the Me tab, and cleared when refused', () => {
  it('refreshes the user info at launch: code 200 stores it', async () => {
    const api = stubApi({ 'GET /user': { code: 200, data: testUser({ coin: 321 }) } });
    setSession({ token: 't', userInfo: testUser({ coin: 1 }) });
    renderApp('/pages/index/index');
    await vi.waitFor(() => expect(getSession().userInfo?.coin).toBe(321));
    expect(api.callsTo('GET /user')).toHaveLength(1);
  });

  it('the Me tab refreshes again when it shows, with the stored token', async () => {
    let coin = 7;
    const api = stubApi({ 'GET /user': () => ({ code: 200, data: testUser({ coin: coin++ }) }) });
    setSession({ token: 't', userInfo: testUser() });
    renderApp('/pages/user/index');
    await vi.waitFor(() => expect(api.callsTo('GET /user').length).toBeGreaterThanOrEqual(1));
    await vi.waitFor(() => expect(screen.getByTestId('me-coin')).toHaveTextContent(String(coin - 1)));
    expect(api.callsTo('GET /user').every((call) => call.headers.Authorization === 't')).toBe(true);
  });

  it('an invalid session at launch clears the login state', async () => {
    stubApi({ 'GET /user': { code: 10027 } });
    setSession({ token: 't', userInfo: testUser() });
    renderApp('/pages/user/index');
    await vi.waitFor(() => expect(screen.getByTestId('me-nickname')).toHaveTextContent('Not logged in'));
    expect(isSignedIn()).toBe(false);
  });

  it('asks nothing at launch for a visitor', async () => {
    const api = stubApi();
    renderApp('/pages/user/index');
    await screen.findByTestId('me-nickname');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /user')).toEqual([]);
  });
});

describe('visitor gating: account pages ask a visitor to sign in first', () => {
  it('a profile page asks a visitor to sign in, then brings them back to exactly that page and query', async () => {
    stubApi({ 'POST /auth/sms/login': { code: 200, data: session } });
    const { router } = renderApp('/pages/user/wallet?tab=income&from=mail');
    expect(await screen.findByTestId('login-required')).toHaveTextContent('Please login first');
    // The page keeps its route and its bar (history's dark bar).
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'dark');
    await userEvent.click(screen.getByTestId('login-required-sign-in'));
    await userEvent.selectOptions(await screen.findByTestId('login-country'), 'TR');
    await userEvent.type(screen.getByTestId('login-phone'), '5321234567');
    await userEvent.type(screen.getByTestId('login-code'), '123456');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('wallet-tab-all')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/user/wallet');
    expect(router.state.location.search).toBe('?tab=income&from=mail');
    expect(screen.queryByTestId('login-required')).toBeNull();
    expect(isSignedIn()).toBe(true);
  });

  it('history asks a visitor to sign in too', async () => {
    stubApi();
    renderApp('/pages/my-history/index');
    expect(await screen.findByTestId('login-required')).toBeInTheDocument();
    expect(screen.getByTestId('login-required-sign-in')).toHaveAttribute(
      'href',
      '/pages/login/index?redirect=%2Fpages%2Fmy-history%2Findex',
    );
  });
});

describe('legal pages: last updated 2024-12-26, not directed at children under 13', () => {
  it('privacy: last updated 2024-12-26, what we keep, deletion, children under 13, the support address', async () => {
    stubApi();
    renderApp('/pages/user/privacy-policy');
    const page = await screen.findByTestId('legal-privacy');
    expect(page).toHaveTextContent('Last updated: 2024-12-26');
    expect(screen.getByTestId('legal-privacy-collect')).toHaveTextContent(/phone number.*watch history.*coin ledger/);
    expect(screen.getByTestId('legal-privacy-sms')).toHaveTextContent('SMS provider');
    expect(screen.getByTestId('legal-privacy-deletion')).toHaveTextContent('without anything that identifies you');
    expect(screen.getByTestId('legal-privacy-children')).toHaveTextContent('children under 13');
    expect(await screen.findByTestId('legal-contact')).toHaveTextContent('help@cliffhanger.test');
  });

  it('terms: last updated 2024-12-26 and not directed at children under 13', async () => {
    stubApi();
    renderApp('/pages/user/terms-of-use');
    expect(await screen.findByTestId('legal-terms')).toHaveTextContent('Last updated: 2024-12-26');
    expect(screen.getByTestId('legal-terms-children')).toHaveTextContent('not directed at children under 13');
  });
});
