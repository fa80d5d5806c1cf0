/** Cents as dollars (`1299` → `12.99`). */
export function dollarsOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Dollars as typed (`12.5`, `12.50`, `$12`) in cents, or null when it is not an amount. */
export function centsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
