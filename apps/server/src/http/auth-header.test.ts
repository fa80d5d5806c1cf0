import { describe, expect, it } from 'vitest';
import { parseAuthHeader } from './auth-header.js';

describe('parseAuthHeader', () => {
  const token = 'abcDEF123_-'.repeat(4);

  it.each([
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    [token, { kind: 'token', token }],
    [`Bearer ${token}`, { kind: 'token', token }],
    [`bearer   ${token}`, { kind: 'token', token }],
    ['Bearer ', { kind: 'none' }],
    ['Basic dXNlcjpwYXNz', { kind: 'malformed' }],
    ['a b', { kind: 'malformed' }],
    ['x'.repeat(257), { kind: 'malformed' }],
    [[token, token], { kind: 'malformed' }],
  ])('%j → %j', (value, expected) => {
    expect(parseAuthHeader(value)).toEqual(expected);
  });
});
