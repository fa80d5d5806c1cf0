import { isApiError } from '@cliffhanger/contract/browser';

/** A request that never got an answer has already shown 'Network Error' (the HTTP client's toast). */
export function alreadyToasted(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}
