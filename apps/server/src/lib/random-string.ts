import { randomInt } from 'node:crypto';

/** Letters and digits people cannot confuse when reading a code aloud or typing it (no 0/O, 1/I/L). */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `length` characters drawn uniformly from `alphabet` with a CSPRNG. */
export function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A six-digit SMS code, leading zeros included. */
export function randomDigits(length: number): string {
  return randomString(length, '0123456789');
}
