import type { Language } from '@cliffhanger/contract/browser';
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
