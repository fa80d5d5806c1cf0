import type { Language } from '@cliffhanger/contract/browser';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import type en from '../locales/en.json';
import enUrl from '../locales/en.json?url';
import trUrl from '../locales/tr.json?url';
import zhUrl from '../locales/zh.json?url';

export type Catalogue = typeof en;
export type CatalogueLoaders = Record<Language, () => Promise<{ default: Catalogue }>>;

export async function fetchCatalogue(url: string): Promise<{ default: Catalogue }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalogue ${url} answered ${response.status}`);
  return { default: (await response.json()) as Catalogue };
}

/**
 * One file per language, fetched as JSON: a viewer downloads only the catalogue they read (about
 * a third of the three), as data that the browser parses rather than a script it must compile.
 * The server preloads the one of the page's language with the HTML (page-bootstrap.ts).
 */
export const CATALOGUE_LOADERS: CatalogueLoaders = {
  en: () => fetchCatalogue(enUrl),
  zh: () => fetchCatalogue(zhUrl),
  tr: () => fetchCatalogue(trUrl),
};

/**
 * An i18next backend that fetches a language's catalogue when i18next first needs it: at start
 * for the language in use, on a switch for the new one. i18next keeps showing the old language
 * until the new catalogue is in, so no key ever shows in place of a text.
 */
export function catalogueBackend(loaders: CatalogueLoaders = CATALOGUE_LOADERS): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, _namespace: string, callback: ReadCallback) {
      const load = (loaders as Partial<Record<string, () => Promise<{ default: Catalogue }>>>)[language];
      if (!load) {
        callback(new Error(`no catalogue for ${language}`), false);
        return;
      }
      load().then(
        (module) => callback(null, module.default as unknown as ResourceKey),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
