/**
 * A price in whole cents as the viewer reads money in their language: $4.99 in English, US$4,99
 * in Turkish, US$4.99 in Chinese. Prices are integers on the wire so no float ever rounds a cent.
 */
export function formatMoney(cents: number, currency: string, language: string): string {
  const amount = Number.isFinite(cents) ? Math.round(cents) / 100 : 0;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
