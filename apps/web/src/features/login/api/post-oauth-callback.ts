import { isAppOAuthState, postOAuthCallback, type OAuthProvider, type Session } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';
import { appBinderFor, forgetAppBinder } from '../app-oauth-binders';
import { startSession } from './sign-in';

/**
 * Exchanges already started on this page load, by provider, state and code. The server accepts each state
 * once (a replay is Code.SIGNIN_OAUTH_STATE_INVALID), and React 19 StrictMode runs a mount effect twice in
 * development, so a second request must never go out: the second caller shares the first promise.
 */
const exchanges = new Map<string, Promise<Session>>();

/**
 * POST /auth/oauth/{provider}/callback exactly once per (provider, state, code); stores the session.
 * A state the app started goes with the binder the app kept for it (none kept: the server refuses
 * the state, Code.SIGNIN_OAUTH_STATE_INVALID); a browser's binder is its cookie.
 */
export function exchangeOAuthCode(input: { provider: OAuthProvider; code: string; state: string }): Promise<Session> {
  const key = JSON.stringify([input.provider, input.state, input.code]);
  let exchange = exchanges.get(key);
  if (!exchange) {
    const binder = isAppOAuthState(input.state) ? appBinderFor(input.state) : undefined;
    const body = { code: input.code, state: input.state, ...(binder === undefined ? {} : { binder }) };
    exchange = api
      .call(postOAuthCallback, { params: { provider: input.provider }, body })
      .then(({ data }) => startSession(data))
      .finally(() => {
        // One exchange per state: whatever the answer, the binder has served.
        if (binder !== undefined) forgetAppBinder(input.state);
      });
    exchanges.set(key, exchange);
  }
  return exchange;
}

/** Tests only. */
export function forgetOAuthExchanges(): void {
  exchanges.clear();
}
