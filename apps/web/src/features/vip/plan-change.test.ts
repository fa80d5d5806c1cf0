import { describe, expect, it } from 'vitest';
import { nextChargeAfter, runningVipEnd } from './plan-change';

describe('changing plans', () => {
  it('next charge: a week, or the same day one, three or twelve months on', () => {
    const from = new Date('2026-01-15T12:00:00Z');
    expect(nextChargeAfter('week', from).toISOString()).toBe('2026-01-22T12:00:00.000Z');
    expect(nextChargeAfter('month', from).toISOString()).toBe('2026-02-15T12:00:00.000Z');
    expect(nextChargeAfter('quarter', from).toISOString()).toBe('2026-04-15T12:00:00.000Z');
    expect(nextChargeAfter('year', from).toISOString()).toBe('2027-01-15T12:00:00.000Z');
  });

  it('the running VIP end: none without VIP or once past; the later of the subscription end and the VIP end', () => {
    const now = new Date('2026-01-15T00:00:00Z');
    expect(runningVipEnd(undefined, now)).toBeNull();
    expect(runningVipEnd({ active: false, expires_at: null, subscription: null }, now)).toBeNull();
    expect(runningVipEnd({ active: true, expires_at: '2026-02-01T00:00:00Z', subscription: null }, now)).toBe(
      '2026-02-01T00:00:00Z',
    );
    expect(runningVipEnd({ active: true, expires_at: '2026-01-01T00:00:00Z', subscription: null }, now)).toBeNull();
  });
});
