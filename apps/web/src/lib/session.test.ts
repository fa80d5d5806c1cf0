import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../test/fixtures';
import { clearSession, getSession, isSignedIn, setSession, updateUserInfo, useSession } from './session';

const user = testUser({ avatar: 'avatars/7.jpg' });

beforeEach(() => clearSession());

describe('session store: token, refresh token and user info in local storage', () => {
  it('starts logged out', () => {
    expect(getSession()).toEqual({ token: null, refreshToken: null, userInfo: null });
    expect(isSignedIn()).toBe(false);
  });

  it('is logged in once token and user info are set, stored under token / refresh_token / user_info', () => {
    setSession({ token: 'tok', refreshToken: 'ref', userInfo: user });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(JSON.parse(localStorage.getItem('user_info')!)).toEqual(user);
    expect(isSignedIn()).toBe(true);
  });

  it('clearing removes all three keys and returns to logged out', () => {
    setSession({ token: 'tok', refreshToken: 'ref', userInfo: user });
    localStorage.setItem('language', 'zh');
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user_info')).toBeNull();
    expect(localStorage.getItem('language')).toBe('zh');
    expect(isSignedIn()).toBe(false);
  });

  it('notifies subscribers through useSession', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(false);
    act(() => setSession({ token: 'tok', userInfo: user }));
    expect(result.current.signedIn).toBe(true);
    expect(result.current.userInfo?.nickname).toBe('Ada');
    act(() => clearSession());
    expect(result.current.signedIn).toBe(false);
    expect(result.current.userInfo).toBeNull();
  });
});

describe('updateUserInfo: a code-200 answer stores, anything else clears', () => {
  beforeEach(() => setSession({ token: 'tok', refreshToken: 'ref', userInfo: user }));

  it('stores the data of a code-200 response', () => {
    expect(updateUserInfo({ code: 200, data: { ...user, coin: 300 } })).toBe(true);
    expect(getSession().userInfo?.coin).toBe(300);
    expect(getSession().token).toBe('tok');
  });

  it.each([40702, 10019, 10000, 30001])('clears the login state on code %i', (code) => {
    expect(updateUserInfo({ code, data: user })).toBe(false);
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the login state when the data breaks the contract', () => {
    expect(updateUserInfo({ code: 200, data: { uid: 'x' } })).toBe(false);
    expect(isSignedIn()).toBe(false);
  });

  it('clears the login state when a refused request leaves no response', () => {
    expect(updateUserInfo(null)).toBe(false);
    expect(isSignedIn()).toBe(false);
  });
});
