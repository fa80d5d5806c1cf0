import { useEffect } from 'react';
import { createQueryClient } from '../query-client';
import { isSignedIn } from '../session';
import { userQueryOptions } from './user-query';

/**
 * The user info is refreshed from outside any component (the launch, the in-app purchase flow),
 * so its query lives in a client of its own, for the page's life. It must not be the one the
 * tree renders either: that one resets every query when the session changes, which would let a
 * second request start beside the one in flight.
 */
const userQueries = createQueryClient();
// Paused retries continue when the browser is back online or the page is shown again.
userQueries.mount();

/**
 * Refreshes the stored user info (docs/product.md#session), only for a signed-in viewer; callers that ask while
 * a refresh is under way share it. Answers whether the server's user info is now stored: false
 * for a visitor, a refusal (the login state is cleared) or a session that changed meanwhile.
 * After a transport failure the session stays, 'Network Error' shows once and the request is
 * retried with backoff; the answer waits for the retry that gets through.
 *
 * `silent`: no toast from the HTTP client itself (the launch refresh and the retries); the
 * 'Network Error' of a first transport failure is shown by the query instead.
 */
export function refreshUserInfo({ silent = false }: { silent?: boolean } = {}): Promise<boolean> {
  if (!isSignedIn()) return Promise.resolve(false);
  return userQueries.fetchQuery(userQueryOptions({ silent })).then(
    (info) => info !== null,
    () => false,
  );
}

/** Tests only: stop a refresh under way (and its retries) and forget the last answer. */
export function resetUserRefreshForTests(): void {
  void userQueries.cancelQueries();
  userQueries.clear();
}

/** Refreshes the user info each time the calling page mounts (the Me tab). */
export function useRefreshUserInfoOnShow(): void {
  useEffect(() => {
    void refreshUserInfo();
  }, []);
}
