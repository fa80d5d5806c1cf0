import { ApiError, clearHistory, getAppConfig, postTaskCheckin } from '@cliffhanger/contract/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/fixtures';
import { api, silentApi } from './api-client';
import { i18n } from './i18n';
import { clearSession, isSignedIn, setSession } from './session';
import { hideToast, toastStore } from './toast';

const user = testUser();
const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const lastHeaders = () => (fetchMock.mock.calls.at(-1)?.[1]?.headers ?? {}) as Record<string, string>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  clearSession();
  hideToast();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('API client wiring: token header, language, toasts, session-invalid codes', () => {
  it('sends the refresh token, else the token, else nothing, and the language', async () => {
    fetchMock.mockImplementation(() => answer({ code: 200, message: 'OK', data: { removed: 0 } }));
    await api.call(clearHistory);
    expect(lastHeaders().Authorization).toBe('');
    expect(lastHeaders()['Accept-Language']).toBe('en');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/history');

    setSession({ token: 'tok', userInfo: user });
    await api.call(clearHistory);
    expect(lastHeaders().Authorization).toBe('tok');

    setSession({ token: 'tok', refreshToken: 'ref', userInfo: user });
    await i18n.changeLanguage('tr');
    await api.call(clearHistory);
    expect(lastHeaders().Authorization).toBe('ref');
    expect(lastHeaders()['Accept-Language']).toBe('tr');
  });

  it('shows the "Network Error" toast on a transport failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.call(getAppConfig)).rejects.toBeInstanceOf(ApiError);
    expect(toastStore.get()?.text).toBe('Network Error');
  });

  it('shows no toast for a rejected code', async () => {
    fetchMock.mockImplementation(() => answer({ code: 10002, message: 'not found', data: null }, 404));
    await expect(api.call(getAppConfig)).rejects.toMatchObject({ kind: 'code', code: 10002 });
    expect(toastStore.get()).toBeNull();
  });

  it.each([20003, 10027, 20007])('clears the login state on %i', async (code) => {
    setSession({ token: 'tok', userInfo: user });
    fetchMock.mockImplementation(() => answer({ code, message: 'x', data: null }, 401));
    await expect(api.call(postTaskCheckin)).rejects.toMatchObject({ kind: 'session-invalid', code });
    expect(isSignedIn()).toBe(false);
  });

  it('signs a blocked viewer out and says the account is blocked, in their language', async () => {
    setSession({ token: 'tok', refreshToken: 'ref', userInfo: user });
    await i18n.changeLanguage('zh');
    fetchMock.mockImplementation(() => answer({ code: 20008, message: 'blocked', data: null }, 401));
    await expect(api.call(postTaskCheckin)).rejects.toMatchObject({ kind: 'session-invalid', code: 20008 });
    expect(isSignedIn()).toBe(false);
    expect(toastStore.get()?.text).toBe('您的账号已被封禁，请联系客服。');
  });

  it('the silent client never toasts', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(silentApi.call(postTaskCheckin)).rejects.toBeInstanceOf(ApiError);
    expect(toastStore.get()).toBeNull();
  });
});

describe('API origin (VITE_API_ORIGIN, the iOS shell build)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('calls the API at the configured origin', async () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://api.cliffhanger.example/');
    vi.resetModules();
    const fresh = await import('./api-client');
    fetchMock.mockImplementation(() => answer({ code: 200, message: 'OK', data: { removed: 0 } }));
    await fresh.api.call(clearHistory);
    await fresh.silentApi.call(postTaskCheckin).catch(() => undefined);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://api.cliffhanger.example/api/v1/history',
      'https://api.cliffhanger.example/api/v1/task/checkin',
    ]);
  });

  it('stays on the page origin when it is empty (the browser build)', async () => {
    vi.stubEnv('VITE_API_ORIGIN', '');
    vi.resetModules();
    const fresh = await import('./api-client');
    fetchMock.mockImplementation(() => answer({ code: 200, message: 'OK', data: { removed: 0 } }));
    await fresh.api.call(clearHistory);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/history');
  });
});
