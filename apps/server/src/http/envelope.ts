import { Code, httpStatusOf, type Envelope, type ResponseCode } from '@cliffhanger/contract';

/** The codes a client resolves as success (docs/product.md#response-code-classes). */
export type SuccessCode = typeof Code.OK | typeof Code.ALREADY_DONE_TODAY | typeof Code.ALREADY_OWNED;
/** Every other code rejects on the client, so it travels as an error. */
export type ErrorCode = Exclude<ResponseCode, SuccessCode>;

export interface Success<T> extends Envelope<T> {
  code: SuccessCode;
}

/**
 * A successful answer. `code` is 200 unless the service reports an idempotent repeat
 * (Code.ALREADY_DONE_TODAY, Code.ALREADY_OWNED), which clients also treat as success.
 */
export function ok<T>(data: T, options: { code?: SuccessCode; message?: string } = {}): Success<T> {
  return { code: options.code ?? Code.OK, message: options.message ?? 'OK', data };
}

/**
 * A rejected request. Services throw it; the error handler turns it into the envelope with the
 * HTTP status of its code. `message` is for logs and API users, never shown in the UI.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** HTTP status; `httpStatusOf(code)` unless a caller has a reason to differ (e.g. 503). */
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? httpStatusOf(code);
  }

  toEnvelope(): Envelope<unknown> {
    return { code: this.code, message: this.message, data: this.data };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
