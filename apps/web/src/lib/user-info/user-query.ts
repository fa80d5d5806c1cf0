import { Code, getUser, isApiError, type ApiResult, type UserInfo } from '@cliffhanger/contract/browser';
import { queryOptions } from '@tanstack/react-query';
import { api, silentApi } from '../api-client';
import { isTransportFailure, messageForError } from '../error-message';
import { i18n } from '../i18n';
import { coinAnswersSeen, getSession, isSignedIn, updateUserInfo } from '../session';
import { showToast } from '../toast';

/** The signed-in user's query. */
const USER_QUERY_KEY = ['user'] as const;

/** Waits between retries after a transport failure: 2, 4, 8, 16, then every 30 s. */
export const USER_RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000] as const;

/**
 * How one GET /user goes out: `visible` through the client that toasts a transport failure;
 * `silent` without it, the 'Network Error' of a first transport failure then said here; `retry`
 * without a word, since the first failure has already said it.
 */
type Asking = 'visible' | 'silent' | 'retry';

/**
 * No verdict on the session: the request never got an answer (transport failure), or the server
 * answered that it is briefly unavailable (Code.SERVICE_UNAVAILABLE, a database restarting or
 * failing over). Either way the viewer stays signed in and the request is retried.
 */
function noVerdict(error: unknown): boolean {
  return isTransportFailure(error) || (isApiError(error) && error.code === Code.SERVICE_UNAVAILABLE);
}

/**
 * GET /user (docs/product.md#session); code 200 stores the user info and answers it, a failed or non-200
 * *answer* clears the login state (`updateUserInfo`). A transport failure or a briefly-unavailable server is no answer: a blip at
 * launch must not sign the viewer out, so the session stays and the error goes back to the query, which
 * retries it. An answer that arrives after the viewer signed out or in as someone else is dropped (null): it
 * describes a session that is gone.
 */
async function fetchUserInfo(asking: Asking): Promise<UserInfo | null> {
  if (!isSignedIn()) return null;
  const { token, refreshToken } = getSession();
  const coinStamp = coinAnswersSeen();
  const sameSession = () => {
    const now = getSession();
    return now.token === token && now.refreshToken === refreshToken;
  };
  let result: ApiResult<UserInfo>;
  try {
    result = await (asking === 'visible' ? api : silentApi).call(getUser);
  } catch (error) {
    if (!sameSession()) return null;
    if (isTransportFailure(error)) {
      if (asking === 'silent') showToast(i18n.t('errors.network'));
    } else if (noVerdict(error)) {
      if (asking === 'silent') showToast(messageForError(error));
    } else if (isSignedIn()) {
      // The session-invalid codes have already cleared and said so (api-client); any other refusal
      // clears here, and says so too.
      updateUserInfo(null);
      showToast(i18n.t('errors.signInAgain'));
    }
    throw error;
  }
  return sameSession() && updateUserInfo(result, { coinStamp }) ? getSession().userInfo : null;
}

/**
 * The user info as a query: one request at a time however many ask (the launch and the Me tab
 * often ask together), retried with backoff after a transport failure. Its data is only the last
 * answer; the session in local storage (lib/session.ts) stays what the app reads.
 */
export function userQueryOptions({ silent }: { silent: boolean }) {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ client }) => {
      const retrying = (client.getQueryState(USER_QUERY_KEY)?.fetchFailureCount ?? 0) > 0;
      return fetchUserInfo(retrying ? 'retry' : silent ? 'silent' : 'visible');
    },
    // Every refresh asks the server: the stored session is what the app shows.
    staleTime: 0,
    retry: (_failures, error) => noVerdict(error),
    retryDelay: (failures) => USER_RETRY_DELAYS_MS[Math.min(failures, USER_RETRY_DELAYS_MS.length - 1)]!,
    // The first try goes out even when the browser says it is offline (so the outage is told);
    // a retry due while it is offline waits until it is back online.
    networkMode: 'offlineFirst',
  });
}
