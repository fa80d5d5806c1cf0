import { getUser, type ApiResult, type UserInfo } from '@cliffhanger/contract/browser';
import { useEffect } from 'react';
import { api, silentApi } from '../api-client';
import { isTransportFailure } from '../error-message';
import { i18n } from '../i18n';
import { getSession, isSignedIn, updateUserInfo } from '../session';
import { showToast } from '../toast';

let inFlight: Promise<boolean> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryAttempt = 0;

/** Waits between retries after a transport failure: 2, 4, 8, 16, then every 30 s. */
export const USER_RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000] as const;

function cancelRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
}

function scheduleRetry(): void {
  cancelRetry();
  const delay = USER_RETRY_DELAYS_MS[Math.min(retryAttempt, USER_RETRY_DELAYS_MS.length - 1)]!;
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void refreshUserInfo({ silent: true });
  }, delay);
}

/**
 * Spec §4: GET /user; code 200 stores the user info, a failed or non-200 *answer* clears the
 * login state (`updateUserInfo`). A transport failure is no answer: a network blip at launch
 * must not sign the viewer out, so the session stays, 'Network Error' shows once (spec §8) and
 * the request is retried with backoff (and at once when the browser comes back online).
 * Only for a signed-in viewer, and one request at a time (the launch and the Me tab often ask
 * together). An answer that arrives after the viewer signed out or in as someone else is
 * dropped: it describes a session that is gone.
 *
 * `silent`: no toast from the HTTP client itself (the launch refresh and the retries); the
 * 'Network Error' of a first transport failure is shown here instead.
 */
export function refreshUserInfo(options: { silent?: boolean } = {}): Promise<boolean> {
  if (!isSignedIn()) return Promise.resolve(false);
  if (inFlight) return inFlight;
  cancelRetry();
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
    } catch (error) {
      if (!sameSession()) return false;
      if (isTransportFailure(error)) {
        // The visible client has already toasted; the silent one says it here, once per outage.
        if (options.silent && retryAttempt === 0) showToast(i18n.t('errors.network'));
        scheduleRetry();
        return false;
      }
      retryAttempt = 0;
      // 20003/10027/20007 have already cleared and said so (api-client); any other refusal
      // clears here, and says so too.
      if (isSignedIn()) {
        updateUserInfo(null);
        showToast(i18n.t('errors.signInAgain'));
      }
      return false;
    }
    retryAttempt = 0;
    return sameSession() ? updateUserInfo(result) : false;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Tests only: forget any pending retry. */
export function resetUserRefreshForTests(): void {
  cancelRetry();
  retryAttempt = 0;
}

if (typeof window !== 'undefined') {
  // Back online while a retry waits: try now rather than at the end of the backoff.
  window.addEventListener('online', () => {
    if (retryTimer) void refreshUserInfo({ silent: true });
  });
}

/** Refreshes the user info each time the calling page mounts (the Me tab, spec §4). */
export function useRefreshUserInfoOnShow(): void {
  useEffect(() => {
    void refreshUserInfo();
  }, []);
}
