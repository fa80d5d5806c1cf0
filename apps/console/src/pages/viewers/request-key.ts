/**
 * The key of one console action, made when its dialog opens and sent with every try of it: a
 * double click or a retry after a lost answer is applied once (the ledger's unique key).
 */
export function newRequestKey(): string {
  return crypto.randomUUID();
}

/** A whole number typed in a field, or null when it is not one from `min` to `max`. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}
