/** U+2212, the minus sign: a hyphen next to a digit reads as a dash. */
const MINUS = '\u2212';

/** A ledger amount as the wallet shows it: +20 for income, −40 for expense. */
export function signedAmount(amount: number): string {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `${MINUS}${Math.abs(amount)}`;
  return '0';
}

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** When an entry happened, in the interface language (date and time). */
export function entryTime(iso: string, language: string): string {
  const date = parsed(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : iso;
}

/** The day coins expire ("28 Nov"); the year too when it is not this year. */
export function expiryDate(iso: string, language: string, now = new Date()): string {
  const date = parsed(iso);
  if (!date) return iso;
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}
