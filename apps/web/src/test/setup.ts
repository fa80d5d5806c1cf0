import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { LANGUAGES } from '@cliffhanger/contract/browser';
// The app's i18n instance, in English, for every component under test.
import type * as Catalogues from '../lib/catalogues';
import type { CatalogueLoaders } from '../lib/catalogues';
import { i18n, i18nReady } from '../lib/i18n';
import { clearSession } from '../lib/session';
import { hideToast } from '../lib/toast';
import { resetUserRefreshForTests } from '../lib/user-info/get-user';
import { contractViolations } from './fake-api';

// The app fetches each catalogue as a JSON file (catalogues.ts); under test there is no server to
// fetch from, so the catalogues come from the source files. Every one is in memory before any
// test, so a language switch under test is synchronous, as the tests read it at once.
vi.mock('../lib/catalogues', async (importOriginal) => {
  const actual = await importOriginal<typeof Catalogues>();
  const loaders = {
    en: () => import('../locales/en.json'),
    zh: () => import('../locales/zh.json'),
    tr: () => import('../locales/tr.json'),
  } as CatalogueLoaders;
  return { ...actual, CATALOGUE_LOADERS: loaders };
});
await i18nReady;
for (const language of LANGUAGES) {
  if (!i18n.hasCatalogue(language)) {
    const loaders = (await import('../lib/catalogues')).CATALOGUE_LOADERS;
    i18n.addCatalogue(language, (await loaders[language]()).default);
  }
}

// jsdom lacks matchMedia; components ask for it (reduced motion, the layout's breakpoints). Width
// queries are answered against window.innerWidth, which the tests set; any other query is false.
function widthQueryMatches(query: string): boolean {
  const match = /^\((min|max)-width:\s*(\d+)px\)$/.exec(query.trim());
  if (!match) return false;
  const bound = Number(match[2]);
  return match[1] === 'min' ? window.innerWidth >= bound : window.innerWidth <= bound;
}
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        get matches() {
          return widthQueryMatches(query);
        },
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
  // Every canned API answer of the test had the shape the contract gives it (test/fake-api.ts).
  const violations = contractViolations.splice(0);
  if (violations.length > 0) throw new Error(violations.join('\n'));
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  // A user-info refresh left retrying must not be shared with the next test's.
  resetUserRefreshForTests();
  hideToast();
  localStorage.clear();
  sessionStorage.clear();
});
