/**
 * The response-code catalogue (docs/product.md#response-codes). This file is the only place a code is defined:
 * the server answers with these, the web client classifies and translates them.
 */
export const Code = {
  OK: 200,
  /** Already done for this period, e.g. a repeat check-in today. Counts as success. */
  ALREADY_DONE_TODAY: 40702,
  /** Already owned / idempotent repeat (unlock, claim, confirm). Counts as success. */
  ALREADY_OWNED: 10019,

  SESSION_EXPIRED: 20003,
  NOT_SIGNED_IN: 10027,
  SESSION_REVOKED: 20007,

  INTERNAL_ERROR: 10000,
  INVALID_INPUT: 10001,
  NOT_FOUND: 10002,
  TOO_MANY_REQUESTS: 10003,
  PAYLOAD_TOO_LARGE: 10004,
  FORBIDDEN: 10005,
  CONFLICT: 10006,
  /** An upload that is not a decodable image, whatever its name says. */
  IMAGE_INVALID: 10007,
  USERNAME_TAKEN: 10008,
  /**
   * A passing outage behind the server (the database restarting or failing over, a statement or
   * lock wait past its bound): nothing was done, and the same request may be sent again after
   * the answer's Retry-After.
   */
  SERVICE_UNAVAILABLE: 10009,

  INSUFFICIENT_COINS: 30001,
  EPISODE_LOCKED: 30002,
  /** A client idempotency key already used for another target: refused, never replayed. */
  IDEMPOTENCY_KEY_REUSED: 30003,

  TASK_NOT_COMPLETED: 40701,
  /** Rewarded ads: today's cap of rewarded ads is reached (the rest of the day pays nothing). */
  AD_REWARD_DAILY_CAP: 40703,
  /** Rewarded ads: the token was not served to this viewer, has expired, or is unknown. */
  AD_NOT_SERVED: 40704,
  /** Rewarded ads: redeemed before the ad could have played to the end; the token stays valid. */
  AD_NOT_FINISHED: 40705,

  PAYMENT_FAILED: 50001,
  /** The payment channel (Stripe, Apple) is not configured on this server. */
  PAYMENT_CHANNEL_UNAVAILABLE: 50002,
  /** A VIP plan bought while a renewing subscription exists: manage or cancel that one instead. */
  SUBSCRIPTION_EXISTS: 50003,
  /** The payment provider could not be reached or refused the request; nothing was charged. */
  PAYMENT_PROVIDER_ERROR: 50004,
  /** A provider notification whose signature is missing, wrong or too old: refused, nothing written. */
  PAYMENT_SIGNATURE_INVALID: 50005,
  /** An App Store transaction or notification of another app (bundle id or app Apple id differs). */
  IAP_WRONG_APP: 50006,
  /** An App Store transaction from another environment (Sandbox on a Production server, or the reverse). */
  IAP_WRONG_ENVIRONMENT: 50007,
  /** The transaction bought another product than the order's. */
  IAP_PRODUCT_MISMATCH: 50008,
  /** The transaction's app account token is not this order's: it was bought for another order or account. */
  IAP_ACCOUNT_MISMATCH: 50009,
  /** Apple has refunded or revoked the transaction: there is nothing to credit. */
  IAP_TRANSACTION_REVOKED: 50010,

  INVITE_CODE_INVALID: 60001,
  INVITE_OWN_CODE: 60002,
  INVITE_WINDOW_PASSED: 60003,
  INVITE_INVITER_LIMIT: 60004,
  INVITE_NOT_NEW_USER: 60005,
  INVITE_ALREADY_INVITED: 60006,
  /** The inviter entered the invitee's own code: two accounts cannot invite each other. */
  INVITE_RECIPROCAL: 60007,
  /** The inviter already has INVITE_SAME_NETWORK_CAP invites from networks the two share. */
  INVITE_SAME_NETWORK: 60008,

  SIGNIN_WRONG_CODE: 70001,
  SIGNIN_CODE_EXPIRED: 70002,
  SIGNIN_BAD_PHONE: 70003,
  SIGNIN_WRONG_PASSWORD: 70004,
  SIGNIN_PROVIDER_ERROR: 70005,
  SIGNIN_RESEND_TOO_EARLY: 70006,
  SIGNIN_METHOD_DISABLED: 70007,
  /** OAuth callback whose state is unknown, expired or already used (a replay). */
  SIGNIN_OAUTH_STATE_INVALID: 70008,
  /** A password on the common-password list, or one character repeated (NIST SP 800-63B). */
  PASSWORD_TOO_WEAK: 70009,

  /** Operator console (docs/console.md): an operator with this e-mail already exists. */
  OPERATOR_EMAIL_TAKEN: 80001,
  /** An operator enrolment link that is unknown, already used or expired, or a step taken out of order. */
  OPERATOR_ENROLMENT_INVALID: 80002,
  /** Too many wrong passwords or codes in a row: the operator cannot sign in for a while. */
  OPERATOR_LOCKED: 80003,
} as const;

export type CodeName = keyof typeof Code;
export type ResponseCode = (typeof Code)[CodeName];

export const ALL_CODES: readonly ResponseCode[] = Object.values(Code);

/** These resolve to the caller (docs/product.md#response-code-classes). */
export const SUCCESS_CODES: readonly number[] = [Code.OK, Code.ALREADY_DONE_TODAY, Code.ALREADY_OWNED];

/** These clear the login state and reject (docs/product.md#response-code-classes). */
export const SESSION_INVALID_CODES: readonly number[] = [
  Code.SESSION_EXPIRED,
  Code.NOT_SIGNED_IN,
  Code.SESSION_REVOKED,
];

export type CodeClass = 'success' | 'session-invalid' | 'rejected';

export function classifyCode(code: number): CodeClass {
  if (SUCCESS_CODES.includes(code)) return 'success';
  if (SESSION_INVALID_CODES.includes(code)) return 'session-invalid';
  return 'rejected';
}

export function isKnownCode(code: number): code is ResponseCode {
  return (ALL_CODES as readonly number[]).includes(code);
}

/**
 * The HTTP status that travels with each code. Clients act on `code`; the status exists so
 * proxies, logs and API users see the truth (docs/architecture.md#response-envelope).
 */
export function httpStatusOf(code: ResponseCode): number {
  switch (code) {
    // EPISODE_LOCKED: a locked episode is an ordinary answer of GET /episodes/:id/play (the prices
    // for the unlock dialog), not a failure: a 4xx status made every browser log it as a console
    // error each time a viewer opened a paid episode. The code still rejects on the client.
    case Code.OK:
    case Code.ALREADY_DONE_TODAY:
    case Code.ALREADY_OWNED:
    case Code.EPISODE_LOCKED:
      return 200;
    case Code.SESSION_EXPIRED:
    case Code.NOT_SIGNED_IN:
    case Code.SESSION_REVOKED:
      return 401;
    case Code.INTERNAL_ERROR:
      return 500;
    case Code.SERVICE_UNAVAILABLE:
      return 503;

    case Code.INVALID_INPUT:
    case Code.IMAGE_INVALID:
    case Code.SIGNIN_BAD_PHONE:
    case Code.SIGNIN_OAUTH_STATE_INVALID:
    case Code.PAYMENT_SIGNATURE_INVALID:
    case Code.PASSWORD_TOO_WEAK:
    case Code.IAP_WRONG_APP:
    case Code.IAP_WRONG_ENVIRONMENT:
      return 400;
    case Code.NOT_FOUND:
      return 404;
    case Code.TOO_MANY_REQUESTS:
    case Code.SIGNIN_RESEND_TOO_EARLY:
    case Code.OPERATOR_LOCKED:
      return 429;
    case Code.PAYLOAD_TOO_LARGE:
      return 413;
    case Code.FORBIDDEN:
    case Code.SIGNIN_METHOD_DISABLED:
      return 403;
    case Code.CONFLICT:
    case Code.USERNAME_TAKEN:
    case Code.INSUFFICIENT_COINS:
    case Code.IDEMPOTENCY_KEY_REUSED:
    case Code.TASK_NOT_COMPLETED:
    case Code.AD_REWARD_DAILY_CAP:
    case Code.AD_NOT_SERVED:
    case Code.AD_NOT_FINISHED:
    case Code.PAYMENT_FAILED:
    case Code.PAYMENT_CHANNEL_UNAVAILABLE:
    case Code.PAYMENT_PROVIDER_ERROR:
    case Code.SUBSCRIPTION_EXISTS:
    case Code.IAP_PRODUCT_MISMATCH:
    case Code.IAP_ACCOUNT_MISMATCH:
    case Code.IAP_TRANSACTION_REVOKED:
    case Code.INVITE_CODE_INVALID:
    case Code.INVITE_OWN_CODE:
    case Code.INVITE_WINDOW_PASSED:
    case Code.INVITE_INVITER_LIMIT:
    case Code.INVITE_NOT_NEW_USER:
    case Code.INVITE_ALREADY_INVITED:
    case Code.INVITE_RECIPROCAL:
    case Code.INVITE_SAME_NETWORK:
    case Code.SIGNIN_WRONG_CODE:
    case Code.SIGNIN_CODE_EXPIRED:
    case Code.SIGNIN_WRONG_PASSWORD:
    case Code.SIGNIN_PROVIDER_ERROR:
    case Code.OPERATOR_EMAIL_TAKEN:
    case Code.OPERATOR_ENROLMENT_INVALID:
      return 409;
  }
}
