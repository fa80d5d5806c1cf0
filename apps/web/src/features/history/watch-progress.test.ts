import { describe, expect, it } from 'vitest';
import { clockTime, watchedPercent } from './watch-progress';

describe('watch progress', () => {
  it('is the share of the episode watched, capped at 100', () => {
    expect(watchedPercent(30, 120)).toBe(25);
    expect(watchedPercent(200, 120)).toBe(100);
    expect(watchedPercent(10, 0)).toBe(0);
    expect(watchedPercent(-1, 60)).toBe(0);
  });

  it('reads like a player clock', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(65.7)).toBe('1:05');
    expect(clockTime(3725)).toBe('1:02:05');
  });
});
