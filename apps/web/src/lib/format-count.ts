/** One formatter per language: building an Intl.NumberFormat costs far more than formatting. */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(language: string): Intl.NumberFormat | null {
  if (!formatters.has(language)) {
    let formatter: Intl.NumberFormat | null = null;
    try {
      formatter = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    } catch {
      // An unknown language tag: plain digits.
    }
    formatters.set(language, formatter);
  }
  return formatters.get(language) ?? null;
}

/**
 * A play or like count as people read it on a poster: 980, 1.2K, 3.4M in English; 1.2万 in
 * Chinese; 1,2 B in Turkish. Negative or non-finite input (a broken answer) shows as 0.
 */
export function formatCount(value: number, language: string): string {
  const n = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  // Below a thousand every language here writes plain digits, and the first compact formatter
  // costs the browser tens of milliseconds of locale data: a video page's first render paid it.
  if (n < 1000) return String(n);
  return formatterFor(language)?.format(n) ?? String(n);
}
