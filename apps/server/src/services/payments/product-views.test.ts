import { describe, expect, it } from 'vitest';
import { pricePerWeekCents } from './product-views.js';

describe('pricePerWeekCents', () => {
  it('spreads a price over the weeks of its period, to the cent', () => {
    expect(pricePerWeekCents(499, 'week')).toBe(499);
    expect(pricePerWeekCents(1499, 'month')).toBe(350); // 1499 × 7 / 30 = 349.77
    expect(pricePerWeekCents(3499, 'quarter')).toBe(269); // 3499 × 7 / 91 = 269.15
    expect(pricePerWeekCents(9999, 'year')).toBe(192); // 9999 × 7 / 365 = 191.76
  });

  it('never shows a free week for a tiny price', () => {
    expect(pricePerWeekCents(1, 'year')).toBe(1);
  });
});
