import { getUser, type ApiResult, type UserInfo } from '@cliffhanger/contract';
import { useEffect } from 'react';
import { api, silentApi } from '../api-client';
import { getSession, isSignedIn, updateUserInfo } from '../session';

let inFlight: Promise<boolean> | null = null;

/**
 * Spec §4: GET /user; code 200 stores the user info, any failure or other code clears the login
 * state (`updateUserInfo`). Only for a signed-in viewer, and one request at a time (the
 * launch and the Me tab often ask together). An answer that arrives after the viewer signed out
 * or in as someone else is dropped: it describes a session that is gone.
 *
 * `silent`: no 'Network Error' toast (the launch refresh); the Me tab's refresh is visible.
 */
export function refreshUserInfo(options: { silent?: boolean } = {}): Promise<boolean> {
  if (!isSignedIn()) return Promise.resolve(false);
  if (inFlight) return inFlight;
  const { token, refreshToken } = getSession();
  const sameSession = () => {
    const now = getSession();
    return now.token === token && now.refreshToken === refreshToken;
  };
  const client = options.silent ? silentApi : api;
  inFlight = (async () => {
    let result: ApiResult<UserInfo>;
    try {
      result = await client.call(getUser);
    } catch {
      if (sameSession()) updateUserInfo(null);
      return false;
    }
    return sameSession() ? updateUserInfo(result) : false;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Refreshes the user info each time the calling page mounts (the Me tab, spec §4). */
export function useRefreshUserInfoOnShow(): void {
  useEffect(() => {
    void refreshUserInfo();
  }, []);
}
