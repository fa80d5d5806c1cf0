import { ApiError, Code } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { isTransportFailure, messageForError } from './error-message';

describe('messageForError', () => {
  it.each(['network', 'timeout', 'bad-response'] as const)('says "Network Error" for a %s failure', (kind) => {
    expect(messageForError(new ApiError(kind, Code.INTERNAL_ERROR, 'x'))).toBe('Network Error');
  });

  it('translates the code, not the server message', () => {
    expect(messageForError(new ApiError('code', Code.INSUFFICIENT_COINS, 'balance too low'))).toBe('Not enough coins');
    expect(messageForError(new ApiError('code', Code.INVITE_OWN_CODE, 'own code'))).toBe(
      'You cannot enter your own invite code',
    );
    expect(messageForError(new ApiError('session-invalid', Code.NOT_SIGNED_IN, ''))).toBe('Please login first');
  });

  it('falls back to "System Error" for an unknown code or a non-API error', () => {
    expect(messageForError(new ApiError('code', 99999, 'new'))).toBe('System Error');
    expect(messageForError(new Error('boom'))).toBe('System Error');
  });
});

describe('isTransportFailure', () => {
  it('is every failure the HTTP client has already toasted as "Network Error", and nothing else', () => {
    for (const kind of ['network', 'timeout', 'bad-response'] as const) {
      expect(isTransportFailure(new ApiError(kind, Code.INTERNAL_ERROR, 'x'))).toBe(true);
    }
    expect(isTransportFailure(new ApiError('code', Code.INSUFFICIENT_COINS, 'x'))).toBe(false);
    expect(isTransportFailure(new Error('boom'))).toBe(false);
  });
});
