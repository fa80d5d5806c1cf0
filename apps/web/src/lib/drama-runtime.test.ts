import { describe, expect, it } from 'vitest';
import { dramaRuntime } from './drama-runtime';

describe('dramaRuntime', () => {
  it('sums the episodes and keeps seconds under a minute', () => {
    expect(dramaRuntime([6, 6.4, 7])).toEqual({ unit: 'seconds', seconds: 19 });
    expect(dramaRuntime([])).toEqual({ unit: 'seconds', seconds: 0 });
  });

  it('rounds to minutes from one minute on and splits hours', () => {
    expect(dramaRuntime([59.6])).toEqual({ unit: 'minutes', hours: 0, minutes: 1 });
    expect(dramaRuntime([90, 90, 95])).toEqual({ unit: 'minutes', hours: 0, minutes: 5 });
    expect(dramaRuntime(Array.from({ length: 40 }, () => 120))).toEqual({ unit: 'minutes', hours: 1, minutes: 20 });
    expect(dramaRuntime([3600])).toEqual({ unit: 'minutes', hours: 1, minutes: 0 });
  });

  it('counts a broken length as nothing', () => {
    expect(dramaRuntime([120, -5, Number.NaN, Number.POSITIVE_INFINITY])).toEqual({
      unit: 'minutes',
      hours: 0,
      minutes: 2,
    });
  });
});
