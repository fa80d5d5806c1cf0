import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewport, viewportFor } from './viewport';

describe('viewport breakpoints (spec §2)', () => {
  it.each([
    [360, { isMobile: true, hasSidebar: false, sidebarWidth: 0 }],
    [767, { isMobile: true, hasSidebar: false, sidebarWidth: 0 }],
    [768, { isMobile: true, hasSidebar: true, sidebarWidth: 120 }],
    [960, { isMobile: true, hasSidebar: true, sidebarWidth: 120 }],
    [961, { isMobile: false, hasSidebar: true, sidebarWidth: 120 }],
    [1199, { isMobile: false, hasSidebar: true, sidebarWidth: 120 }],
    [1200, { isMobile: false, hasSidebar: true, sidebarWidth: 240 }],
    [1440, { isMobile: false, hasSidebar: true, sidebarWidth: 240 }],
  ])('at %ipx', (width, expected) => {
    expect(viewportFor(width)).toEqual({ width, ...expected });
  });

  it('useViewport follows window resizes', () => {
    window.innerWidth = 390;
    const { result } = renderHook(() => useViewport());
    expect(result.current.hasSidebar).toBe(false);
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toEqual({ width: 1280, isMobile: false, hasSidebar: true, sidebarWidth: 240 });
  });
});
