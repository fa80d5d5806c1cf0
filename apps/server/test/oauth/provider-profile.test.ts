import { NICKNAME_MAX, nicknameSchema } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { avatarFromProviderPicture, nicknameFromProviderName } from '../../src/services/oauth/provider-profile.js';

describe('nicknameFromProviderName', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  padded  ', 'padded'],
    ['Tab\tand\nnewline', 'Tab and newline'],
    ['Bell\u0007char', 'Bell char'],
    ['A'.repeat(25), 'A'.repeat(20)],
    // Truncation lands on a space: trimmed again instead of keeping a trailing blank.
    [`${'a'.repeat(19)} tail`, 'a'.repeat(19)],
    ['🎬'.repeat(25), '🎬'.repeat(20)],
  ])('%j → %j', (input, expected) => {
    expect(nicknameFromProviderName(input)).toBe(expected);
  });

  it.each([undefined, '', '   ', '\u0000\u0001'])('gives up on %j (the user service picks a default)', (input) => {
    expect(nicknameFromProviderName(input)).toBeUndefined();
  });

  it('always satisfies the contract nickname rule', () => {
    for (const input of ['x'.repeat(500), ' 名前 '.repeat(30), 'a\u0085b', '👩‍👩‍👧‍👦'.repeat(10)]) {
      const nickname = nicknameFromProviderName(input);
      if (nickname !== undefined) {
        expect(nicknameSchema.safeParse(nickname).success, input).toBe(true);
        expect(Array.from(nickname).length).toBeLessThanOrEqual(NICKNAME_MAX);
      }
    }
  });
});

describe('avatarFromProviderPicture', () => {
  it('keeps https URLs', () => {
    expect(avatarFromProviderPicture('https://lh3.example/a=s96-c')).toBe('https://lh3.example/a=s96-c');
  });

  it.each([
    undefined,
    'http://insecure.example/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'not a url',
  ])('drops %j', (input) => {
    expect(avatarFromProviderPicture(input)).toBeUndefined();
  });

  it('drops absurdly long URLs', () => {
    expect(avatarFromProviderPicture(`https://cdn.example/${'a'.repeat(3000)}`)).toBeUndefined();
  });
});
