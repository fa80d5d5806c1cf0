import {
  MOBILE_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_NARROW_WIDTH,
  SIDEBAR_WIDE_WIDTH,
  WIDE_SIDEBAR_MIN_WIDTH,
} from '@cliffhanger/contract/browser';
import { useSyncExternalStore } from 'react';

export interface Viewport {
  width: number;
  /** Spec §2: the window is 960px wide or less. */
  isMobile: boolean;
  /** Spec §2: the left sidebar appears from 768px. */
  hasSidebar: boolean;
  /** 0 without a sidebar. */
  sidebarWidth: number;
}

export function viewportFor(width: number): Viewport {
  const hasSidebar = width >= SIDEBAR_MIN_WIDTH;
  return {
    width,
    isMobile: width <= MOBILE_MAX_WIDTH,
    hasSidebar,
    sidebarWidth: hasSidebar ? (width >= WIDE_SIDEBAR_MIN_WIDTH ? SIDEBAR_WIDE_WIDTH : SIDEBAR_NARROW_WIDTH) : 0,
  };
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  window.addEventListener('orientationchange', listener);
  return () => {
    window.removeEventListener('resize', listener);
    window.removeEventListener('orientationchange', listener);
  };
}

const readWidth = (): number => window.innerWidth;
const serverWidth = (): number => 390;

/** The viewport, re-read on every resize; only a changed width re-renders. */
export function useViewport(): Viewport {
  const width = useSyncExternalStore(subscribe, readWidth, serverWidth);
  return viewportFor(width);
}
