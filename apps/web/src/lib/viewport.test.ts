import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewport } from './viewport';

describe('viewport breakpoints: mobile up to 960px, sidebar from 768px', () => {
  const table = [
    [360, { isMobile: true, hasSidebar: false, sidebarWidth: 0 }],
    [767, { isMobile: true, hasSidebar: false, sidebarWidth: 0 }],
    [768, { isMobile: true, hasSidebar: true, sidebarWidth: 120 }],
    [960, { isMobile: true, hasSidebar: true, sidebarWidth: 120 }],
    [961, { isMobile: false, hasSidebar: true, sidebarWidth: 120 }],
    [1199, { isMobile: false, hasSidebar: true, sidebarWidth: 120 }],
    [1200, { isMobile: false, hasSidebar: true, sidebarWidth: 240 }],
    [1440, { isMobile: false, hasSidebar: true, sidebarWidth: 240 }],
  ] as const;

  // The hook asks the browser's media queries (no layout); test/setup.ts answers width queries
  // against window.innerWidth as a browser would.
  it.each(table)('at %ipx', (width, expected) => {
    window.innerWidth = width;
    const { result } = renderHook(() => useViewport());
    expect(result.current).toEqual(expected);
  });

  it('useViewport follows window resizes', () => {
    window.innerWidth = 390;
    const { result } = renderHook(() => useViewport());
    expect(result.current.hasSidebar).toBe(false);
    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toEqual({ isMobile: false, hasSidebar: true, sidebarWidth: 240 });
  });
});
