import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Country } from './countries';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: 'empty' | 'invalid' };

/**
 * The phone as the API wants it (E.164). A number typed with its own + prefix keeps that
 * country; otherwise it is read as a national number of the selected country. The small
 * ("min") metadata checks length and prefix only; the server checks number ranges too (Code.SIGNIN_BAD_PHONE).
 */
export function toE164(input: string, country: Country): PhoneCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty' };
  const parsed = parsePhoneNumberFromString(text, text.startsWith('+') ? undefined : country);
  if (!parsed?.isValid()) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: parsed.number };
}
