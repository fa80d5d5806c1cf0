import { describe, expect, it } from 'vitest';
import { toastTop } from './toast-placement';

const viewport = { width: 390, height: 844 };
const size = { width: 200, height: 44 };

describe('where a toast goes', () => {
  it('stays where it prefers when no control is there', () => {
    expect(toastTop(size, viewport, [], { preferred: 76 })).toBe(76);
    // A control beside it, not under it.
    expect(toastTop(size, viewport, [{ top: 70, bottom: 120, left: 0, right: 60 }], { preferred: 76 })).toBe(76);
  });

  it('moves down past tabs right under the nav bar, to the first free band', () => {
    const tabs = { top: 64, bottom: 108, left: 16, right: 374 };
    const top = toastTop(size, viewport, [tabs], { preferred: 76 });
    expect(top).toBeGreaterThanOrEqual(108 + 4);
    expect(top).toBeLessThan(108 + 4 + 8);
  });

  it('goes up when everything below is taken, and covers the least when nothing is free', () => {
    const below = { top: 100, bottom: 844, left: 0, right: 390 };
    expect(toastTop(size, viewport, [below], { preferred: 76 })).toBeLessThanOrEqual(100 - 44 - 4);
    const everywhere = [
      { top: 0, bottom: 844, left: 0, right: 150 },
      { top: 0, bottom: 400, left: 150, right: 390 },
    ];
    const top = toastTop(size, viewport, everywhere, { preferred: 76 });
    expect(top).toBeGreaterThanOrEqual(400);
  });
});
