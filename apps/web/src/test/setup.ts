import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The app's i18n instance, in English, for every component under test.
import '../lib/i18n';
import { clearSession } from '../lib/session';
import { hideToast } from '../lib/toast';

// jsdom lacks matchMedia; components may ask for it (reduced motion, breakpoints).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom has no object URLs (avatar previews).
if (!URL.createObjectURL) {
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  hideToast();
  localStorage.clear();
  sessionStorage.clear();
});
