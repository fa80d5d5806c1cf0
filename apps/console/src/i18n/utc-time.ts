/**
 * A moment as the console shows it, in UTC: `2026-11-22 04:00`. Operators work from several time
 * zones and compare what they see (an audit entry, a lock) with each other: one zone for all,
 * named in the column or sentence around it.
 */
export function utcTime(iso: string): string {
  const text = new Date(iso).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}
