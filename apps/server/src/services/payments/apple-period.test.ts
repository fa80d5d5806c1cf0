import { describe, expect, it } from 'vitest';
import { appleVipTerms } from './apple-period.js';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');
const at = (days: number) => now.getTime() + days * DAY;

describe('appleVipTerms', () => {
  it("grants the transaction's own period, ending at its expiry", () => {
    expect(appleVipTerms('month', { purchaseDate: at(0), expiresDate: at(30) }, now)).toEqual({
      kind: 'grant',
      seconds: 30 * 86_400,
      expiresAt: new Date(at(30)),
    });
  });

  it('grants nothing once the period is over', () => {
    expect(appleVipTerms('month', { purchaseDate: at(-40), expiresDate: at(-10) }, now)).toMatchObject({
      kind: 'expired',
    });
    expect(appleVipTerms('week', { purchaseDate: at(-7), expiresDate: at(0) }, now).kind).toBe('expired');
  });

  it("accepts the longest calendar period of each plan plus a day's slack, and refuses more", () => {
    const cases = [
      ['week', 7],
      ['month', 31],
      ['quarter', 92],
      ['year', 366],
    ] as const;
    for (const [plan, days] of cases) {
      expect(appleVipTerms(plan, { purchaseDate: at(0), expiresDate: at(days + 1) }, now).kind).toBe('grant');
      expect(appleVipTerms(plan, { purchaseDate: at(0), expiresDate: at(days + 1) + 60_000 }, now)).toMatchObject({
        kind: 'refused',
      });
    }
  });

  it('refuses a period that ends before it starts, and reads a missing expiry as the nominal plan length', () => {
    expect(appleVipTerms('month', { purchaseDate: at(1), expiresDate: at(0) }, now).kind).toBe('refused');
    expect(appleVipTerms('week', { purchaseDate: at(-1) }, now)).toEqual({
      kind: 'grant',
      seconds: 7 * 86_400,
      expiresAt: new Date(at(6)),
    });
  });
});
