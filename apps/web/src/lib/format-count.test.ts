import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('keeps small numbers whole and shortens big ones per language', () => {
    expect(formatCount(980, 'en')).toBe('980');
    expect(formatCount(1234, 'en')).toBe('1.2K');
    expect(formatCount(3_400_000, 'en')).toBe('3.4M');
    expect(formatCount(12_345, 'zh')).toBe('1.2万');
  });

  it('writes counts below a thousand as plain digits in every language, as Intl does', () => {
    for (const language of ['en', 'zh', 'tr']) {
      for (const n of [0, 7, 999]) {
        expect(formatCount(n, language)).toBe(
          new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n),
        );
      }
    }
  });

  it('falls back to plain digits for a language tag Intl refuses', () => {
    expect(formatCount(1234, 'not a tag!')).toBe('1234');
  });

  it('shows nonsense as 0', () => {
    expect(formatCount(-5, 'en')).toBe('0');
    expect(formatCount(Number.NaN, 'en')).toBe('0');
  });
});
