import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { LANGUAGES } from '@cliffhanger/contract/browser';
// The app's i18n instance, in English, for every component under test.
import { i18n, i18nReady } from '../lib/i18n';
import { CATALOGUE_LOADERS } from '../lib/catalogues';
import { clearSession } from '../lib/session';
import { hideToast } from '../lib/toast';

// Every catalogue in memory before any test, so a language switch under test is synchronous, as
// the tests read it at once; the app itself fetches a catalogue on its first use.
await i18nReady;
for (const language of LANGUAGES) {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await CATALOGUE_LOADERS[language]()).default);
  }
}

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
