import { isApiError } from '@cliffhanger/contract/browser';

/** A request that never got an answer: the HTTP client has already shown 'Network Error'. */
export function isTransportFailure(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}
