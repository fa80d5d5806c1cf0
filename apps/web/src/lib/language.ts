import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CHOICES,
  LANGUAGES,
  type Language,
  type LanguageChoice,
} from '@cliffhanger/contract/browser';
import { safeLocalStorage } from './safe-local-storage';

/** Local-storage key of the language preference (docs/product.md#entities-and-fields). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language as its own speakers write it: shown untranslated on the language page. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  tr: 'Türkçe',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return typeof value === 'string' && (LANGUAGE_CHOICES as readonly string[]).includes(value);
}

/**
 * Maps one browser language tag (navigator.language) to a supported language. docs/product.md#language lists
 * zh, zh-CN, zh-TW, zh-HK, en, en-US, en-GB, tr and tr-TR: each is its primary subtag, matched
 * case-insensitively, which also covers tags it does not list (zh-SG → zh); anything else is English.
 */
export function mapSystemLanguage(tag: string | undefined | null): Language {
  if (!tag) return DEFAULT_LANGUAGE;
  const primary = tag.trim().replace(/_/g, '-').toLowerCase().split('-')[0] ?? '';
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** The browser's own language tag: navigator.language, else the first of navigator.languages. */
function browserLanguageTag(
  nav: Pick<Navigator, 'language' | 'languages'> | undefined = globalThis.navigator,
): string | undefined {
  return nav?.language || nav?.languages?.[0];
}

/** The language a choice stands for; 'system' follows the browser. */
export function resolveLanguage(
  choice: LanguageChoice,
  browserTag: string | undefined = browserLanguageTag(),
): Language {
  return choice === 'system' ? mapSystemLanguage(browserTag) : choice;
}

/** The stored choice; nothing stored (or something unknown) means the default, en. */
export function readLanguageChoice(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): LanguageChoice {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguageChoice(stored) ? stored : DEFAULT_LANGUAGE;
}
