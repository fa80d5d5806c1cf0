import { isApiError, isKnownCode } from '@cliffhanger/contract/browser';
import type { TFunction } from './i18n';
import { i18n } from './i18n';

/**
 * The viewer-facing message for a failed call (docs/product.md#client-messages: the server's `message` is for
 * logs, the UI translates the code). A transport failure is the product's 'Network Error'.
 */
export function messageForError(error: unknown, t: TFunction = i18n.t): string {
  if (!isApiError(error)) return t('errors.system');
  if (error.isTransportFailure) return t('errors.network');
  if (isKnownCode(error.code)) return t(`errors.${error.code}`);
  return t('errors.system');
}

/**
 * A call that got no usable answer (no network, a timeout, not an API envelope). The visible HTTP
 * client has already shown 'Network Error' for it, so a caller does not say anything more.
 */
export function isTransportFailure(error: unknown): boolean {
  return isApiError(error) && error.isTransportFailure;
}
