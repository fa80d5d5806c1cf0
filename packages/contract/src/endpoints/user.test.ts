import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX } from '../values.js';
import { nicknameSchema, toNickname } from './user.js';

describe('toNickname', () => {
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
    expect(toNickname(input)).toBe(expected);
  });

  it.each([undefined, '', '   ', '\u0000\u0001'])('gives up on %j (the caller picks a default)', (input) => {
    expect(toNickname(input)).toBeUndefined();
  });

  it('always satisfies the contract nickname rule', () => {
    for (const input of ['x'.repeat(500), ' 名前 '.repeat(30), 'a\u0085b', '👩‍👩‍👧‍👦'.repeat(10)]) {
      const nickname = toNickname(input);
      if (nickname !== undefined) {
        expect(nicknameSchema.safeParse(nickname).success, input).toBe(true);
        expect(Array.from(nickname).length).toBeLessThanOrEqual(NICKNAME_MAX);
      }
    }
  });
});
