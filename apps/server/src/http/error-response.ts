import { Code, type Envelope, type InvalidInputData } from '@cliffhanger/contract';
import type { FastifySchemaValidationError } from 'fastify';
import { isTransientDatabaseError } from '../lib/pg-errors.js';
import { AppError } from './envelope.js';

export interface ErrorResponse {
  status: number;
  body: Envelope<unknown>;
  /** 5xx are bugs or outages and are logged as errors; 4xx are the caller's mistake. */
  severity: 'client' | 'server';
  /** Seconds for the Retry-After header of a passing outage. */
  retryAfterS?: number;
}

/**
 * A restarting or failing-over PostgreSQL answers again within seconds; a client that waits this
 * long before sending the same request again usually finds it back.
 */
const RETRY_AFTER_S = 2;

/** A passing outage: nothing was done, the same request may be sent again. */
function serviceUnavailableResponse(): ErrorResponse {
  return {
    ...plain(503, Code.SERVICE_UNAVAILABLE, 'Temporarily unavailable, retry shortly'),
    retryAfterS: RETRY_AFTER_S,
  };
}

type FieldList = InvalidInputData['fields'];

/** Fastify names the query part `querystring`; the API says `query`. */
const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

/** `{validationContext: 'querystring', instancePath: '/page'}` → `query.page`. */
export function fieldsOf(validation: readonly FastifySchemaValidationError[], context: string | undefined): FieldList {
  const part = PART_NAMES[context ?? ''] ?? context ?? 'request';
  return validation.map((issue) => {
    const path = issue.instancePath
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    return { field: [part, ...path].join('.'), message: issue.message ?? 'invalid' };
  });
}

/** An answer without data; 5xx count as the server's. */
function plain(status: number, code: number, message: string): ErrorResponse {
  return { status, body: { code, message, data: null }, severity: status >= 500 ? 'server' : 'client' };
}

function invalidInput(message: string, fields: FieldList): ErrorResponse {
  const data: InvalidInputData = { fields };
  return { status: 400, body: { code: Code.INVALID_INPUT, message, data }, severity: 'client' };
}

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
  validation?: FastifySchemaValidationError[];
  validationContext?: string;
}

/**
 * Maps anything thrown while handling a request to the envelope (docs/architecture.md#response-envelope).
 * Only messages written here or by an AppError reach the client: an unexpected error's text may hold SQL,
 * paths or secrets, so it is logged and answered with a fixed "Internal error".
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    if (error.code === Code.SERVICE_UNAVAILABLE) {
      return { status: error.status, body: error.toEnvelope(), severity: 'server', retryAfterS: RETRY_AFTER_S };
    }
    // A service that wrapped a lost connection in a 5xx of its own still answers retryable.
    if (error.status >= 500 && isTransientDatabaseError(error)) return serviceUnavailableResponse();
    return { status: error.status, body: error.toEnvelope(), severity: error.status >= 500 ? 'server' : 'client' };
  }
  if (isTransientDatabaseError(error)) return serviceUnavailableResponse();

  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyLikeError;

  if (Array.isArray(e.validation)) {
    return invalidInput('Invalid input', fieldsOf(e.validation, e.validationContext));
  }

  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidInput('Malformed JSON body', [{ field: 'body', message: 'is not valid JSON' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidInput('Empty JSON body', [
        { field: 'body', message: 'must not be empty with content-type application/json' },
      ]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalidInput('Unsupported media type', [
        { field: 'headers.content-type', message: 'unsupported media type' },
      ]);
    default:
      break;
  }

  // Other client errors raised by Fastify itself (bad URL, bad content-length, body too large).
  // Their own messages are safe but unhelpful to clients, so the code carries the meaning.
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) return plain(413, Code.PAYLOAD_TOO_LARGE, 'Payload too large');
  if (status === 404) return notFoundResponse();
  if (status >= 400 && status < 500) {
    return invalidInput('Bad request', []);
  }
  return plain(500, Code.INTERNAL_ERROR, 'Internal error');
}

export function notFoundResponse(): ErrorResponse {
  return plain(404, Code.NOT_FOUND, 'Not found');
}
