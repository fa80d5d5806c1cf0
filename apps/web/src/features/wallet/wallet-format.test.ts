import { describe, expect, it } from 'vitest';
import { entryTime, expiryDate, signedAmount } from './wallet-format';

describe('wallet formatting', () => {
  it('signs amounts: + for income, a real minus for expense', () => {
    expect(signedAmount(20)).toBe('+20');
    expect(signedAmount(-40)).toBe('\u221240');
    expect(signedAmount(0)).toBe('0');
  });

  it('formats the expiry day per language, with the year only when it differs', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(expiryDate('2026-11-28T12:00:00Z', 'en', now)).toBe('Nov 28');
    expect(expiryDate('2027-01-03T12:00:00Z', 'en', now)).toBe('Jan 3, 2027');
    expect(expiryDate('2026-11-28T12:00:00Z', 'tr', now)).toBe('28 Kas');
    expect(expiryDate('not a date', 'en', now)).toBe('not a date');
  });

  it('formats an entry time with date and time in the language', () => {
    expect(entryTime('2026-11-21T09:05:00Z', 'en')).toMatch(/Nov 21, 2026/);
    expect(entryTime('2026-11-21T09:05:00Z', 'zh')).toMatch(/2026年11月21日/);
  });
});
