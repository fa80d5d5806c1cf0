import type { Language } from '@cliffhanger/contract/browser';

interface Compact {
  /** Unit sizes from the smallest, each with its suffix (after a no-break space where the language puts one). */
  units: readonly (readonly [size: bigint, suffix: string])[];
  decimal: string;
  group: string;
}

/**
 * What `new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 })` writes
 * for a whole count in each language of the app (CLDR's short decimal formats), written out:
 * the first Intl.NumberFormat a page builds loads the browser's number data, 70–90 ms of the main
 * thread in Chromium on this project's machines (×4 in Lighthouse's mobile run), and home's first
 * render was what paid it. A unit test checks every form against Intl itself.
 */
const COMPACT: Record<Language, Compact> = {
  en: {
    units: [
      [1_000n, 'K'],
      [1_000_000n, 'M'],
      [1_000_000_000n, 'B'],
      [1_000_000_000_000n, 'T'],
    ],
    decimal: '.',
    group: ',',
  },
  tr: {
    units: [
      [1_000n, '\u00a0B'],
      [1_000_000n, '\u00a0Mn'],
      [1_000_000_000n, '\u00a0Mr'],
      [1_000_000_000_000n, '\u00a0Tn'],
    ],
    decimal: ',',
    group: '.',
  },
  zh: {
    units: [
      [10_000n, '万'],
      [100_000_000n, '亿'],
      [1_000_000_000_000n, '万亿'],
    ],
    decimal: '.',
    group: ',',
  },
};

/** Digits grouped by three, as CLDR does from five digits on (its minimum grouping of two). */
function grouped(digits: string, separator: string): string {
  return digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

function compact(n: bigint, { units, decimal, group }: Compact): string {
  let unit = -1;
  while (unit + 1 < units.length && n >= units[unit + 1]![0]) unit += 1;
  if (unit < 0) return grouped(String(n), group);
  // Tenths of the unit, halves rounded up (Intl's default), in integers: exact at any size.
  const tenthsOf = (size: bigint) => (n * 10n + size / 2n) / size;
  let tenths = tenthsOf(units[unit]![0]);
  // Rounded up to the next unit (999.95K is 1M, not 1000K).
  const next = units[unit + 1];
  if (next && tenths * units[unit]![0] >= next[0] * 10n) {
    unit += 1;
    tenths = tenthsOf(next[0]);
  }
  const whole = grouped(String(tenths / 10n), group);
  const fraction = tenths % 10n;
  return `${whole}${fraction === 0n ? '' : `${decimal}${fraction}`}${units[unit]![1]}`;
}

/**
 * A play or like count as people read it on a poster: 980, 1.2K, 3.4M in English; 1.2万 in
 * Chinese; 1,2 B in Turkish. Negative or non-finite input (a broken answer) shows as 0; a
 * language the app does not have shows plain digits.
 */
export function formatCount(value: number, language: string): string {
  const n = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  const forms = (COMPACT as Partial<Record<string, Compact>>)[language];
  return forms ? compact(BigInt(n), forms) : String(n);
}
