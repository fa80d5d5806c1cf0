/** Longer than any token we issue (43 characters) with room to spare; longer values are garbage. */
const TOKEN_MAX = 256;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+$/;

export type AuthHeader = { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/**
 * The web sends the refresh token if present, else the token, as the raw header value
 * (docs/product.md#api-calls); API users may write `Bearer <token>`. An empty header means a visitor.
 */
export function parseAuthHeader(value: string | string[] | undefined): AuthHeader {
  if (value === undefined) return { kind: 'none' };
  if (Array.isArray(value)) return { kind: 'malformed' };
  const trimmed = value.trim();
  if (trimmed === '') return { kind: 'none' };
  const token = trimmed.replace(/^bearer(\s+|$)/i, '');
  // `Bearer` alone: a client with nothing to send, like an empty header.
  if (token === '') return { kind: 'none' };
  if (token.length > TOKEN_MAX || !TOKEN_SHAPE.test(token)) return { kind: 'malformed' };
  return { kind: 'token', token };
}
