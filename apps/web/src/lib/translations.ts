import type { Language } from '@cliffhanger/contract/browser';
import type { Catalogue, CatalogueLoaders } from './catalogues';

/**
 * The UI's texts: a catalogue per language, looked up by dotted key, with `{{name}}` placeholders
 * and plural forms chosen by `count` (`key_one`, `key_other`, as CLDR names them). This is all the
 * app asks of a translation library, in about a kilobyte: i18next, which did it before, was a
 * third of the start's library chunk (50 KB of 177), most of it never run.
 */

/** Every key of a catalogue that names a text, as `a.b.c`. */
type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** `key` for a text written as `key_one`, `key_other`…: asked for with a `count`. */
type PluralBase<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : never;

export type TranslationKey = LeafKeys<Catalogue> | PluralBase<LeafKeys<Catalogue>>;
export type TranslationValues = Readonly<Record<string, unknown>> & { readonly count?: number };
/** A text by key, in the language in use; an unknown key comes back as itself. */
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const PLACEHOLDER = /\{\{\s*([\w$]+)\s*\}\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookup(catalogue: unknown, key: string): string | undefined {
  let node = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` in `catalogue`, its placeholders filled from `values`. With a `count`, the
 * plural form of that count in `language`, else `key_other`, else `key` itself. A placeholder
 * with no value stays as written, so a missing value shows rather than vanishes.
 */
export function translate(
  catalogue: Catalogue | undefined,
  language: string,
  key: string,
  values?: TranslationValues,
): string {
  const count = values?.count;
  const text =
    (typeof count === 'number'
      ? (lookup(catalogue, `${key}_${pluralCategory(language, count)}`) ?? lookup(catalogue, `${key}_other`))
      : undefined) ?? lookup(catalogue, key);
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

export interface Translations {
  /** The language whose texts `t` gives: until its catalogue is first in, the one asked for. */
  readonly language: Language;
  /** Bound: it can be passed around on its own. */
  readonly t: TFunction;
  /**
   * Shows `language` once its catalogue is in: at once when it is in memory already, else after
   * the fetch, the old texts staying until then. A fetch that fails keeps the old language;
   * resolves whether the switch happened. Of switches that overlap, the last one asked for wins.
   */
  changeLanguage(language: Language): Promise<boolean>;
  /** Called after every switch, and once the first catalogue is in; returns the unsubscribe. */
  onLanguageChanged(listener: (language: Language) => void): () => void;
  /** For useSyncExternalStore: a number that changes whenever the texts `t` gives change. */
  readonly version: number;
  /** Bound, as useSyncExternalStore takes it. */
  readonly subscribe: (listener: () => void) => () => void;
  hasCatalogue(language: Language): boolean;
  /** A catalogue already in memory (the tests' own, read from the source files). */
  addCatalogue(language: Language, catalogue: Catalogue): void;
}

/** Texts in `language`, fetched by `loaders`; `ready` settles once that first catalogue is in. */
export function createTranslations(
  language: Language,
  loaders: CatalogueLoaders,
): { translations: Translations; ready: Promise<boolean> } {
  const catalogues = new Map<Language, Catalogue>();
  const loading = new Map<Language, Promise<Catalogue>>();
  const changed = new Set<(language: Language) => void>();
  const watchers = new Set<() => void>();
  let current = language;
  let version = 0;
  let latestSwitch = 0;

  const load = (lang: Language): Promise<Catalogue> => {
    let promise = loading.get(lang);
    if (!promise) {
      promise = loaders[lang]().then((module) => {
        catalogues.set(lang, module.default);
        return module.default;
      });
      // A failed fetch may be tried again on the next switch.
      promise.catch(() => loading.delete(lang));
      loading.set(lang, promise);
    }
    return promise;
  };

  const show = (lang: Language): void => {
    current = lang;
    version += 1;
    for (const watcher of [...watchers]) watcher();
    for (const listener of [...changed]) listener(lang);
  };

  const translations: Translations = {
    get language() {
      return current;
    },
    get version() {
      return version;
    },
    t: (key, values) => translate(catalogues.get(current), current, key, values),
    changeLanguage(lang) {
      const ticket = ++latestSwitch;
      if (catalogues.has(lang)) {
        show(lang);
        return Promise.resolve(true);
      }
      return load(lang).then(
        () => {
          if (ticket !== latestSwitch) return false;
          show(lang);
          return true;
        },
        () => false,
      );
    },
    onLanguageChanged(listener) {
      changed.add(listener);
      return () => changed.delete(listener);
    },
    subscribe(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    hasCatalogue: (lang) => catalogues.has(lang),
    addCatalogue(lang, catalogue) {
      catalogues.set(lang, catalogue);
      loading.set(lang, Promise.resolve(catalogue));
      if (lang === current) show(lang);
    },
  };
  return { translations, ready: translations.changeLanguage(language) };
}
