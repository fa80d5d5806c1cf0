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
