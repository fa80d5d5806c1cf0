import {
  MOBILE_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_NARROW_WIDTH,
  SIDEBAR_WIDE_WIDTH,
  WIDE_SIDEBAR_MIN_WIDTH,
} from '@cliffhanger/contract/browser';
import { useSyncExternalStore } from 'react';

export interface Viewport {
  /** The window is 960px wide or less. */
  isMobile: boolean;
  /** The left sidebar appears from 768px. */
  hasSidebar: boolean;
  /** 0 without a sidebar. */
  sidebarWidth: number;
}

function viewportOf(isMobile: boolean, hasSidebar: boolean, wideSidebar: boolean): Viewport {
  return {
    isMobile,
    hasSidebar,
    sidebarWidth: hasSidebar ? (wideSidebar ? SIDEBAR_WIDE_WIDTH : SIDEBAR_NARROW_WIDTH) : 0,
  };
}

/**
 * The breakpoints of docs/product.md#layout-and-breakpoints as media queries, the one place they are written:
 * matching a media query needs no layout, while reading `window.innerWidth` makes the browser lay the page
 * out first. During the first render that was a whole layout of the server-drawn screen (tens of milliseconds
 * on a phone), done again once the app's screen replaced it.
 */
const QUERIES = [
  `(max-width: ${MOBILE_MAX_WIDTH}px)`,
  `(min-width: ${SIDEBAR_MIN_WIDTH}px)`,
  `(min-width: ${WIDE_SIDEBAR_MIN_WIDTH}px)`,
] as const;
/** Every combination, made once: a snapshot must be the same object while nothing changed. */
const VIEWPORTS = Array.from({ length: 8 }, (_, bits) => viewportOf(!!(bits & 1), !!(bits & 2), !!(bits & 4)));
/** A phone's, for a render without a window. */
const SERVER_VIEWPORT = viewportOf(true, false, false);

function readViewport(): Viewport {
  const bits = QUERIES.reduce((sum, query, i) => sum | (window.matchMedia(query).matches ? 1 << i : 0), 0);
  return VIEWPORTS[bits]!;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  window.addEventListener('orientationchange', listener);
  return () => {
    window.removeEventListener('resize', listener);
    window.removeEventListener('orientationchange', listener);
  };
}

/** The viewport's breakpoints, re-read on every resize; only a crossed breakpoint re-renders. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, readViewport, () => SERVER_VIEWPORT);
}
