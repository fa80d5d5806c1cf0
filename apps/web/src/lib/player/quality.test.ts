import { describe, expect, it } from 'vitest';
import { levelIndexForQuality, qualitiesFor } from './quality';

describe('quality menu', () => {
  // hls.js orders levels by bitrate: SD first.
  const ladder = [{ height: 854 }, { height: 1280 }];

  it('maps HD to the 1280 level, SD to the 854 level and auto to -1', () => {
    expect(levelIndexForQuality(ladder, 'hd')).toBe(1);
    expect(levelIndexForQuality(ladder, 'sd')).toBe(0);
    expect(levelIndexForQuality(ladder, 'auto')).toBe(-1);
    expect(levelIndexForQuality([{ height: 1280 }, { height: 854 }], 'sd')).toBe(1);
  });

  it('falls back to the tallest / shortest level when the ladder has other heights', () => {
    const other = [{ height: 360 }, { height: 1080 }, { height: 720 }];
    expect(levelIndexForQuality(other, 'hd')).toBe(1);
    expect(levelIndexForQuality(other, 'sd')).toBe(0);
  });

  it('has nothing to pick without levels', () => {
    expect(levelIndexForQuality([], 'hd')).toBe(-1);
  });

  it('offers HD and SD only when there is more than one level', () => {
    expect(qualitiesFor(ladder)).toEqual(['auto', 'hd', 'sd']);
    expect(qualitiesFor([{ height: 854 }])).toEqual(['auto']);
    expect(qualitiesFor([])).toEqual(['auto']);
  });
});
