/** The Postgres SQLSTATE behind a failed statement; drizzle wraps driver errors in `cause`. */
export function pgCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('constraint' in current && typeof current.constraint === 'string') return current.constraint;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** 23505, optionally of one unique index (its name as in the schema). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgCodeOf(error) !== '23505') return false;
  return constraint === undefined || constraintOf(error) === constraint;
}

/**
 * SQLSTATEs of a failure that says nothing about the request: the server went away or is
 * starting (class 08, 57P01-57P03, 53300), a bound this app sets on every connection ran out
 * (57014 statement_timeout, 55P03 lock_timeout, 25P03 idle_in_transaction_session_timeout), or
 * PostgreSQL chose this transaction to fail so that another could go on (40001, 40P01). Every
 * such transaction was rolled back whole, so the request may be sent again as it was.
 */
const TRANSIENT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03', '40001', '40P01']);

/**
 * node-postgres reports a connection lost outside a statement's answer without a SQLSTATE:
 * the socket closed ("Connection terminated unexpectedly"), a client left unusable by that
 * ("…not queryable"), the pool's connect timeout, or the socket's own error codes.
 */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];
const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether `error` (or what it wraps) is a passing database outage rather than a fault of the request or the code. */
export function isTransientDatabaseError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (
      typeof code === 'string' &&
      (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_ERROR_CODES.has(code))
    ) {
      return true;
    }
    const message = current instanceof Error ? current.message : undefined;
    if (message !== undefined && LOST_CONNECTION_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
