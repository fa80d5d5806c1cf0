import { Code, isApiError, type ApiError } from '@cliffhanger/contract/browser';
import type { TFunction } from '../../lib/i18n';

/** A field a refusal points at, so the message shows under it as well as in the toast. */
type LoginField = 'phone' | 'code' | 'password';

export interface Refusal {
  message: string;
  field?: LoginField;
  /** Long enough to read under its field only: the same words again in a toast say it twice. */
  fieldOnly?: boolean;
}

function isCode(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'code';
}

/** A whole number of seconds from an error's data, e.g. `resend_in` or `retry_after_s`. */
export function secondsFrom(error: ApiError, key: 'resend_in' | 'retry_after_s'): number | null {
  const data = error.data;
  if (!data || typeof data !== 'object' || !(key in data)) return null;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

function tooMany(error: ApiError, t: TFunction): string {
  const seconds = secondsFrom(error, 'retry_after_s');
  return seconds ? t('login.tryAgainIn', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) : t('errors.10003');
}

/**
 * What to tell the viewer after a failed POST /auth/sms/send; null after a transport failure,
 * which has already shown 'Network Error'. Code.SIGNIN_RESEND_TOO_EARLY is handled by the caller (it starts the
 * countdown from `data.resend_in`).
 */
export function sendCodeRefusal(error: unknown, t: TFunction): Refusal | null {
  if (isApiError(error) && error.isTransportFailure) return null;
  if (!isCode(error)) return { message: t('errors.sendCodeFailed') };
  switch (error.code) {
    case Code.SIGNIN_BAD_PHONE:
      return { message: t('errors.70003'), field: 'phone' };
    case Code.SIGNIN_RESEND_TOO_EARLY:
    case Code.SIGNIN_METHOD_DISABLED:
      return { message: t(`errors.${error.code}`) };
    case Code.TOO_MANY_REQUESTS:
      return { message: tooMany(error, t) };
    default:
      return { message: t('errors.sendCodeFailed') };
  }
}

/** What to tell the viewer after a failed sign-in; null after a transport failure. */
export function loginRefusal(error: unknown, method: 'sms' | 'password', t: TFunction): Refusal | null {
  if (isApiError(error) && error.isTransportFailure) return null;
  // A session-invalid code, not a refusal of what was typed: the viewer must hear why, not 'Login failed'.
  if (isApiError(error) && error.code === Code.ACCOUNT_BLOCKED) return { message: t('errors.20008') };
  if (!isCode(error)) return { message: t('errors.loginFailed') };
  switch (error.code) {
    case Code.SIGNIN_WRONG_CODE:
    case Code.SIGNIN_CODE_EXPIRED:
      return { message: t(`errors.${error.code}`), field: 'code' };
    case Code.SIGNIN_BAD_PHONE:
      return { message: t('errors.70003'), field: 'phone' };
    case Code.SIGNIN_WRONG_PASSWORD:
      // The server gives the same answer for a wrong password, an account without one (signed up
      // by SMS) and an unknown phone, so as not to tell which phones have accounts: the message
      // names both likely causes and the way to a password.
      return { message: t('login.passwordRefused'), field: 'password', fieldOnly: true };
    case Code.TOO_MANY_REQUESTS:
      return { message: tooMany(error, t) };
    case Code.SIGNIN_METHOD_DISABLED:
      // The password sign-in is flagged as not yet implemented where it is switched off
      // (docs/product.md#what-the-product-does).
      return { message: method === 'password' ? t('login.notImplemented') : t('errors.70007') };
    default:
      return { message: t('errors.loginFailed') };
  }
}
