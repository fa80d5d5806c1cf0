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
  /** The account is blocked by support: its tokens are refused and it cannot sign in until unblocked. */
  ACCOUNT_BLOCKED: 20008,

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
  /** The signed-in operator's role may not do this. */
  OPERATOR_ROLE_FORBIDDEN: 80004,
  /** A money action without a fresh, valid TOTP code in the x-console-totp header. */
  OPERATOR_TOTP_REQUIRED: 80005,
  /** A console write without the x-console-request header (the console's CSRF defence). */
  CONSOLE_REQUEST_HEADER_MISSING: 80006,
  /** An admin may not demote, disable, reset or unlock their own account (another admin does it). */
  OPERATOR_SELF_CHANGE: 80007,
  /** The change would leave no enabled, enrolled admin. */
  OPERATOR_LAST_ADMIN: 80008,
  /** An episode upload that is not a usable video: declared as another type, or ffprobe finds no video in it. */
  EPISODE_SOURCE_INVALID: 80009,
  /** An episode upload left unfinished past its 24 hours: its bytes are deleted, it must be sent again. */
  EPISODE_UPLOAD_EXPIRED: 80010,
  /** A drama without a banner image placed on the home banner carousel. */
  EDITORIAL_BANNER_IMAGE_MISSING: 80011,
  /** A new product whose id is already in use. */
  PRODUCT_ID_TAKEN: 80012,
  /** Another product already has this App Store product id. */
  PRODUCT_APPLE_ID_TAKEN: 80013,
  /** A product that was ordered cannot be deleted: take it off sale instead. */
  PRODUCT_HAS_ORDERS: 80014,
  /** Publishing or scheduling a drama that has no poster or no episode yet. */
  DRAMA_NOT_READY: 80015,
  /** A change only a drama viewers cannot see may take (deleting an episode): unpublish it first. */
  DRAMA_IS_PUBLISHED: 80016,
  /** Deleting an episode a viewer has unlocked with coins. */
  EPISODE_UNLOCKED: 80017,
  /** A console refund of an order that cannot be refunded from the console: not a paid Stripe order, or already refunded in full. */
  ORDER_NOT_REFUNDABLE: 80100,
  /** A console refund larger than what is left of the order's price after earlier refunds (`data.remaining_cents`). */
  REFUND_EXCEEDS_REMAINING: 80101,
  /** A coin adjustment larger than the operator's role may make at once (`data.cap`). */
  VIEWER_ADJUSTMENT_OVER_CAP: 80120,
  /** A coin debit larger than the viewer's balance (`data.balance`): a balance never goes below zero. */
  VIEWER_BALANCE_TOO_LOW: 80121,
  /** A change to a deleted account (coins, VIP, block): nothing is written. */
  VIEWER_DELETED: 80122,
  /** A moderation action (hide, unhide, keep) on a comment that was deleted: nothing is left to act on. */
  MODERATION_COMMENT_DELETED: 80140,
  /** A Numbers dashboard asked for a range that ends before it starts or is longer than REPORT_RANGE_MAX_DAYS. */
  REPORT_RANGE_INVALID: 80160,

  /** Comments (docs/social.md): reporting one's own comment. */
  COMMENT_REPORT_OWN: 90001,
  /** Moderators have blocked this viewer from commenting: new comments are refused. */
  COMMENTS_BLOCKED: 90002,

  /** Notifications (docs/notifications.md): a subscription whose endpoint is not https or whose keys are not a P-256 key and a 16-byte secret. */
  PUSH_SUBSCRIPTION_INVALID: 91001,
  /** A subscription whose endpoint is not on a known browser push service: nothing is stored. */
  PUSH_SERVICE_UNKNOWN: 91002,
  /** An iOS device token while this server has no APNs key configured. */
  PUSH_CHANNEL_UNAVAILABLE: 91003,
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
  Code.ACCOUNT_BLOCKED,
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
    case Code.ACCOUNT_BLOCKED:
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
    case Code.EPISODE_SOURCE_INVALID:
    case Code.REPORT_RANGE_INVALID:
    case Code.PUSH_SUBSCRIPTION_INVALID:
    case Code.PUSH_SERVICE_UNKNOWN:
      return 400;
    case Code.NOT_FOUND:
      return 404;
    case Code.EPISODE_UPLOAD_EXPIRED:
      return 410;
    case Code.TOO_MANY_REQUESTS:
    case Code.SIGNIN_RESEND_TOO_EARLY:
    case Code.OPERATOR_LOCKED:
      return 429;
    case Code.PAYLOAD_TOO_LARGE:
      return 413;
    case Code.FORBIDDEN:
    case Code.SIGNIN_METHOD_DISABLED:
    case Code.COMMENT_REPORT_OWN:
    case Code.COMMENTS_BLOCKED:
    case Code.OPERATOR_ROLE_FORBIDDEN:
    case Code.OPERATOR_TOTP_REQUIRED:
    case Code.CONSOLE_REQUEST_HEADER_MISSING:
    case Code.VIEWER_ADJUSTMENT_OVER_CAP:
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
    case Code.OPERATOR_SELF_CHANGE:
    case Code.OPERATOR_LAST_ADMIN:
    case Code.DRAMA_NOT_READY:
    case Code.DRAMA_IS_PUBLISHED:
    case Code.EPISODE_UNLOCKED:
    case Code.EDITORIAL_BANNER_IMAGE_MISSING:
    case Code.PRODUCT_ID_TAKEN:
    case Code.PRODUCT_APPLE_ID_TAKEN:
    case Code.PRODUCT_HAS_ORDERS:
    case Code.ORDER_NOT_REFUNDABLE:
    case Code.REFUND_EXCEEDS_REMAINING:
    case Code.MODERATION_COMMENT_DELETED:
    case Code.VIEWER_BALANCE_TOO_LOW:
    case Code.VIEWER_DELETED:
    case Code.PUSH_CHANNEL_UNAVAILABLE:
      return 409;
  }
}
