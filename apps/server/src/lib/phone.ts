import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The phone in E.164 (`+905321234567`) when it is a valid number, else null. The full ("max")
 * metadata checks number ranges per country, so `+1 555…` fiction numbers are refused before an
 * SMS is paid for. Input must carry its country code: the API takes international numbers only.
 */
export function normalisePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim());
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** `+905321234567` → `+90 ••••••4567`: enough for the owner to recognise, too little to dial. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const countryCode = parsed?.countryCallingCode ?? '';
  const national = parsed?.nationalNumber ?? e164.replace(/^\+/, '');
  const keep = national.length >= 8 ? 4 : 2;
  const visible = national.slice(-keep);
  const masked = '•'.repeat(Math.max(national.length - keep, 0));
  return countryCode ? `+${countryCode} ${masked}${visible}` : `${masked}${visible}`;
}
