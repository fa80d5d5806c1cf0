import { Code } from '../codes.js';

/**
 * Why a call was rejected:
 * - `code`: the server answered with a rejecting code (docs/product.md#response-code-classes);
 * - `session-invalid`: the server answered a session-invalid code (Code.SESSION_EXPIRED, NOT_SIGNED_IN,
 *   SESSION_REVOKED) and the login state was cleared;
 * - `network`: the request never got an answer (refused, DNS, offline);
 * - `timeout`: no answer within the timeout (60 000 ms by default);
 * - `bad-response`: an answer that is not the envelope, or whose data breaks the contract.
 */
export type ApiErrorKind = 'code' | 'session-invalid' | 'network' | 'timeout' | 'bad-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }

  /** True when the request failed in transport: the 'Network Error' case. */
  get isTransportFailure(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'bad-response';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function transportError(kind: 'network' | 'timeout' | 'bad-response', message: string): ApiError {
  return new ApiError(kind, Code.INTERNAL_ERROR, message);
}
