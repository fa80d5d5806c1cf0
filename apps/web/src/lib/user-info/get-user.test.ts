import { describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession, storeCoinBalance } from '../session';
import { hideToast, toastStore } from '../toast';
import { deferred, stubApi, type Answer } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { refreshUserInfo, resetUserRefreshForTests } from './get-user';
import { USER_RETRY_DELAYS_MS } from './user-query';

describe('refreshUserInfo: the stored user info follows GET /user', () => {
  it('asks nothing for a visitor', async () => {
    const api = stubApi();
    await expect(refreshUserInfo()).resolves.toBe(false);
    expect(api.calls).toEqual([]);
  });

  it('sends one request for callers that ask together', async () => {
    const api = stubApi({ 'GET /user': { code: 200, data: testUser({ coin: 5 }) } });
    setSession({ token: 't', userInfo: testUser() });
    const results = await Promise.all([refreshUserInfo({ silent: true }), refreshUserInfo()]);
    expect(results).toEqual([true, true]);
    expect(api.callsTo('GET /user')).toHaveLength(1);
    expect(getSession().userInfo?.coin).toBe(5);
  });

  it('drops an answer for a session that has since changed', async () => {
    const answer = deferred<Answer>();
    stubApi({ 'GET /user': () => answer.promise });
    setSession({ token: 'first', userInfo: testUser({ uid: 1, nickname: 'First' }) });
    const pending = refreshUserInfo();
    clearSession();
    setSession({ token: 'second', userInfo: testUser({ uid: 2, nickname: 'Second' }) });
    answer.resolve({ code: 200, data: testUser({ uid: 1, nickname: 'First' }) });
    await expect(pending).resolves.toBe(false);
    expect(getSession()).toMatchObject({ token: 'second', userInfo: { uid: 2, nickname: 'Second' } });
  });

  it('keeps a balance a wallet answer stored while GET /user was out (the read may predate the write)', async () => {
    const answer = deferred<Answer>();
    stubApi({ 'GET /user': () => answer.promise });
    setSession({ token: 't', userInfo: testUser({ uid: 1, coin: 0, nickname: 'Old' }) });
    const pending = refreshUserInfo();
    storeCoinBalance({ uid: 1, coin: 10 });
    answer.resolve({ code: 200, data: testUser({ uid: 1, coin: 0, nickname: 'New' }) });
    await expect(pending).resolves.toBe(true);
    // The rest of the answer is stored; only the coin stays the write's.
    expect(getSession().userInfo).toMatchObject({ coin: 10, nickname: 'New' });
  });

  it('takes the balance from GET /user when no wallet answer came in meanwhile', async () => {
    stubApi({ 'GET /user': { code: 200, data: testUser({ uid: 1, coin: 3 }) } });
    setSession({ token: 't', userInfo: testUser({ uid: 1, coin: 10 }) });
    storeCoinBalance({ uid: 1, coin: 10 });
    await expect(refreshUserInfo()).resolves.toBe(true);
    expect(getSession().userInfo?.coin).toBe(3);
  });

  it('a briefly-unavailable server (SERVICE_UNAVAILABLE) is no verdict either: the session stays and it retries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let fail = true;
      const api = stubApi({
        'GET /user': () => (fail ? { code: 10009, data: null } : { code: 200, data: testUser({ coin: 9 }) }),
      });
      setSession({ token: 't', userInfo: testUser() });
      const refreshed = refreshUserInfo({ silent: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(getSession().token).toBe('t');
      expect(toastStore.get()?.text).toBe('The service is briefly unavailable. Please try again in a moment.');
      hideToast();
      fail = false;
      await vi.advanceTimersByTimeAsync(USER_RETRY_DELAYS_MS[0]);
      await expect(refreshed).resolves.toBe(true);
      expect(api.callsTo('GET /user')).toHaveLength(2);
      expect(getSession().userInfo?.coin).toBe(9);
    } finally {
      resetUserRefreshForTests();
      vi.useRealTimers();
    }
  });

  it('a transport failure is no answer: the session stays, Network Error shows once, and it retries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let fail = true;
      const api = stubApi({
        'GET /user': () => (fail ? { networkError: true } : { code: 200, data: testUser({ coin: 7 }) }),
      });
      setSession({ token: 't', userInfo: testUser() });
      const refreshed = refreshUserInfo({ silent: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(api.callsTo('GET /user')).toHaveLength(1);
      expect(getSession().token).toBe('t');
      expect(toastStore.get()?.text).toBe('Network Error');
      hideToast();
      await vi.advanceTimersByTimeAsync(USER_RETRY_DELAYS_MS[0]);
      expect(api.callsTo('GET /user')).toHaveLength(2);
      expect(getSession().token).toBe('t');
      // Asking again while a retry waits shares it rather than sending another request.
      const again = refreshUserInfo();
      fail = false;
      await vi.advanceTimersByTimeAsync(USER_RETRY_DELAYS_MS[1]);
      expect(api.callsTo('GET /user')).toHaveLength(3);
      await expect(Promise.all([refreshed, again])).resolves.toEqual([true, true]);
      expect(getSession().userInfo?.coin).toBe(7);
      // The retries said nothing.
      expect(toastStore.get()).toBeNull();
    } finally {
      resetUserRefreshForTests();
      vi.useRealTimers();
    }
  });

  it('stops retrying once the viewer has signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = stubApi({ 'GET /user': { networkError: true } });
      setSession({ token: 't', userInfo: testUser() });
      const refreshed = refreshUserInfo({ silent: true });
      await vi.advanceTimersByTimeAsync(0);
      clearSession();
      await vi.advanceTimersByTimeAsync(USER_RETRY_DELAYS_MS[0]);
      await expect(refreshed).resolves.toBe(false);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.callsTo('GET /user')).toHaveLength(1);
    } finally {
      resetUserRefreshForTests();
      vi.useRealTimers();
    }
  });

  it('a session that really ended (20003) is cleared and the viewer is told to sign in again', async () => {
    stubApi({ 'GET /user': { code: 20003, data: null } });
    setSession({ token: 't', userInfo: testUser() });
    await expect(refreshUserInfo({ silent: true })).resolves.toBe(false);
    expect(getSession().token).toBeNull();
    expect(toastStore.get()?.text).toBe('Your session has expired. Please sign in again.');
  });

  it('an unknown token (10027) or another refusal: cleared, with "Please sign in again"', async () => {
    stubApi({ 'GET /user': { code: 10027, data: null } });
    setSession({ token: 't', userInfo: testUser() });
    await refreshUserInfo({ silent: true });
    expect(getSession().token).toBeNull();
    expect(toastStore.get()?.text).toBe('Please sign in again');
  });

  it('visible: a transport failure shows Network Error', async () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({ token: 't', userInfo: testUser() });
    void refreshUserInfo();
    await vi.waitFor(() => expect(toastStore.get()?.text).toBe('Network Error'));
  });
});
