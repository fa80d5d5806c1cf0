import { describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../session';
import { toastStore } from '../toast';
import { deferred, stubApi, type Answer } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { refreshUserInfo } from './get-user';

describe('refreshUserInfo (spec §4)', () => {
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

  it('silent: a transport failure clears the session without a toast', async () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({ token: 't', userInfo: testUser() });
    await expect(refreshUserInfo({ silent: true })).resolves.toBe(false);
    expect(getSession().token).toBeNull();
    expect(toastStore.get()).toBeNull();
  });

  it('visible: a transport failure shows Network Error', async () => {
    stubApi({ 'GET /user': { networkError: true } });
    setSession({ token: 't', userInfo: testUser() });
    await refreshUserInfo();
    await vi.waitFor(() => expect(toastStore.get()?.text).toBe('Network Error'));
  });
});
