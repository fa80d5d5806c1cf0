import { Code, createHttpClient, createRouteClient, type HttpClientOptions } from '@cliffhanger/contract/browser';
import { apiOrigin } from './api-origin';
import { currentLanguage, i18n } from './i18n';
import { clearSession, getSession, isSignedIn } from './session';
import { announceSessionEnded } from './session-ended-notice';
import { showToast } from './toast';

const sessionOptions: Pick<HttpClientOptions, 'baseUrl' | 'fetch' | 'getTokens' | 'getHeaders' | 'onSessionInvalid'> = {
  // The iOS shell's build calls the API at its configured origin (CORS on the server's side).
  baseUrl: apiOrigin(),
  // Looked up per call, so a test (or a patched fetch) is honoured after this module loaded.
  fetch: (input, init) => globalThis.fetch(input, init),
  // Read at every request, so signing in or out applies to the next call.
  getTokens: getSession,
  getHeaders: () => ({ 'Accept-Language': currentLanguage() }),
  // The session-invalid codes clear the login state (docs/product.md#response-code-classes). A session that
  // really ended says so, or the viewer would only find 'Not logged in' without knowing why; a visitor's
  // Code.NOT_SIGNED_IN is no news to them.
  onSessionInvalid: (code) => {
    const hadSession = isSignedIn();
    clearSession();
    if (hadSession) announceSessionEnded(code, sessionEndedMessage);
  },
};

/**
 * Code.SESSION_EXPIRED, SESSION_REVOKED and ACCOUNT_BLOCKED have their own words (a blocked viewer is told to
 * contact support, not to sign in again); NOT_SIGNED_IN for a stored session means it is unknown now.
 */
export function sessionEndedMessage(code: number): string {
  if (code === Code.SESSION_EXPIRED) return i18n.t('errors.20003');
  if (code === Code.SESSION_REVOKED) return i18n.t('errors.20007');
  if (code === Code.ACCOUNT_BLOCKED) return i18n.t('errors.20008');
  return i18n.t('errors.signInAgain');
}

/**
 * Every call goes through here; a transport failure shows the 'Network Error' toast
 * (docs/product.md#client-messages).
 */
export const api = createRouteClient(
  createHttpClient({ ...sessionOptions, onTransportFailure: () => showToast(i18n.t('errors.network')) }),
);

/**
 * For calls whose failure the viewer must not see (the launch check-in, docs/product.md#check-in-at-launch):
 * same session rules, no toast. A separate client because the toast fires inside the HTTP client, before the
 * caller could catch the error.
 */
export const silentApi = createRouteClient(createHttpClient(sessionOptions));
