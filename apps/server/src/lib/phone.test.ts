import { describe, expect, it } from 'vitest';
import { maskPhone, normalisePhone } from './phone.js';

describe('normalisePhone', () => {
  it.each([
    ['+905321234567', '+905321234567'],
    ['+90 532 123 45 67', '+905321234567'],
    [' +1 (415) 555-2671 ', '+14155552671'],
    ['+8613800138000', '+8613800138000'],
  ])('normalises %j to %s', (raw, e164) => {
    expect(normalisePhone(raw)).toBe(e164);
  });

  it.each([['05321234567'], ['+90 123'], ['+1 555 555 0100'], ['hello'], [''], ['+']])('refuses %j', (raw) => {
    expect(normalisePhone(raw)).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last digits', () => {
    expect(maskPhone('+905321234567')).toBe('+90 ••••••4567');
    expect(maskPhone('+14155552671')).toBe('+1 ••••••2671');
    expect(maskPhone('+8613800138000')).toBe('+86 •••••••8000');
  });
});
