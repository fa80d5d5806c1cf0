import { describe, expect, it } from 'vitest';
import { offsetClock } from './clock.js';

describe('offsetClock', () => {
  const fixed = () => new Date('2026-11-22T10:00:00Z');
  it('moves the clock by whole seconds, either way', () => {
    expect(offsetClock(fixed, 86_400)().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(offsetClock(fixed, -60)().toISOString()).toBe('2026-11-22T09:59:00.000Z');
  });
  it('is the clock itself without an offset', () => {
    expect(offsetClock(fixed, 0)).toBe(fixed);
  });
});
