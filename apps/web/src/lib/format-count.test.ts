import { LANGUAGES } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

const intl = (language: string, n: number) =>
  new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** Counts at every edge of a unit and of its rounding, then a spread over every size up to 2^53. */
function samples(): number[] {
  const edges = [0, 1, 7, 999, 1000, 1049, 1050, 1149, 1150, 1950, 9949, 9950, 9999, 10_000, 12_345, 99_949, 99_950];
  const scaled = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000].flatMap((k) =>
    [999_949, 999_950, 999_999, 1_000_000, 1_234_567].map((n) => n * k),
  );
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const spread = Array.from({ length: 3000 }, () => Math.floor(10 ** (random() * 15.9)));
  return [...edges, ...scaled, ...spread, Number.MAX_SAFE_INTEGER].filter((n) => n <= Number.MAX_SAFE_INTEGER);
}

describe('formatCount', () => {
  it('keeps small numbers whole and shortens big ones per language', () => {
    expect(formatCount(980, 'en')).toBe('980');
    expect(formatCount(1234, 'en')).toBe('1.2K');
    expect(formatCount(3_400_000, 'en')).toBe('3.4M');
    expect(formatCount(12_345, 'zh')).toBe('1.2万');
    expect(formatCount(1234, 'tr')).toBe('1,2\u00a0B');
    expect(formatCount(999_950, 'en')).toBe('1M');
  });

  it.each(LANGUAGES)('writes what Intl’s compact notation writes, in %s', (language) => {
    for (const n of samples()) expect(formatCount(n, language), String(n)).toBe(intl(language, n));
  });

  it('writes plain digits in a language the app does not have', () => {
    expect(formatCount(1234, 'not a tag!')).toBe('1234');
    expect(formatCount(1234, 'de')).toBe('1234');
  });

  it('shows nonsense as 0', () => {
    expect(formatCount(-5, 'en')).toBe('0');
    expect(formatCount(Number.NaN, 'en')).toBe('0');
  });
});
