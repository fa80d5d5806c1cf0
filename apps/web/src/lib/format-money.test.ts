import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

// Intl may put a no-break space between number and symbol; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats whole cents as dollars in the UI language', () => {
    expect(formatMoney(499, 'USD', 'en')).toBe('$4.99');
    expect(formatMoney(9999, 'USD', 'en')).toBe('$99.99');
    expect(formatMoney(100, 'USD', 'en')).toBe('$1.00');
    expect(plain(formatMoney(499, 'USD', 'tr'))).toBe('$4,99');
    expect(plain(formatMoney(499, 'USD', 'zh'))).toBe('US$4.99');
  });

  it('keeps every cent: no float drift', () => {
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('still says something for a language Intl does not know', () => {
    expect(formatMoney(499, 'USD', 'not a language')).toMatch(/4\.99/);
  });
});
