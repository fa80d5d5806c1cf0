import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/fixtures';
import { clearSession, coinAnswersSeen, getSession, SESSION_KEYS, setSession, storeCoinBalance, subscribeSession } from './session';

describe('storeCoinBalance', () => {
  it('writes the new balance into the stored user info and tells subscribers', () => {
    setSession({ token: 't', userInfo: testUser({ uid: 7, coin: 120 }) });
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    storeCoinBalance({ uid: 7, coin: 90 });
    unsubscribe();
    expect(getSession().userInfo).toEqual(testUser({ uid: 7, coin: 90 }));
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.userInfo) ?? '{}')).toMatchObject({ uid: 7, coin: 90 });
    expect(listener).toHaveBeenCalled();
  });

  it('ignores an answer about someone else, a visitor, or a balance that is not a coin count', () => {
    setSession({ token: 't', userInfo: testUser({ uid: 7, coin: 120 }) });
    storeCoinBalance({ uid: 8, coin: 5 });
    storeCoinBalance({ uid: 7, coin: -1 });
    storeCoinBalance({ uid: 7, coin: 1.5 });
    expect(getSession().userInfo?.coin).toBe(120);
    clearSession();
    storeCoinBalance({ uid: 7, coin: 5 });
    expect(getSession().userInfo).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.userInfo)).toBeNull();
  });

  it('a read answered after another balance came in changes nothing; one with nothing in between is stored', () => {
    setSession({ token: 't', userInfo: testUser({ uid: 7, coin: 0 }) });
    const readSince = coinAnswersSeen();
    // The check-in's answer (10) arrives while a GET /task sent before it is still out.
    storeCoinBalance({ uid: 7, coin: 10 });
    storeCoinBalance({ uid: 7, coin: 0, readSince });
    expect(getSession().userInfo?.coin).toBe(10);
    // A read sent after it stands.
    storeCoinBalance({ uid: 7, coin: 25, readSince: coinAnswersSeen() });
    expect(getSession().userInfo?.coin).toBe(25);
  });
});
