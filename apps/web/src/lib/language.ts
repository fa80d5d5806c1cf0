import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CHOICES,
  LANGUAGES,
  type Language,
  type LanguageChoice,
} from '@cliffhanger/contract/browser';
import { safeLocalStorage } from './safe-local-storage';

/** Local-storage key of the language preference (spec §3). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Spec §4: the browser tags that map to each language. Matched case-insensitively; a tag not
 * listed falls back on its primary subtag (zh-SG → zh), and anything else becomes English.
 */
const SYSTEM_TAGS: Record<string, Language> = {
  zh: 'zh',
  'zh-cn': 'zh',
  'zh-tw': 'zh',
  'zh-hk': 'zh',
  en: 'en',
  'en-us': 'en',
  'en-gb': 'en',
  tr: 'tr',
  'tr-tr': 'tr',
};

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

/** Maps one browser language tag (navigator.language) to a supported language. */
export function mapSystemLanguage(tag: string | undefined | null): Language {
  if (!tag) return DEFAULT_LANGUAGE;
  const normalized = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = SYSTEM_TAGS[normalized];
  if (exact) return exact;
  const primary = normalized.split('-')[0] ?? '';
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** The browser's own language tag: navigator.language, else the first of navigator.languages. */
export function browserLanguageTag(
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

/** The stored choice; nothing stored (or something unknown) means the spec default, en. */
export function readLanguageChoice(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): LanguageChoice {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguageChoice(stored) ? stored : DEFAULT_LANGUAGE;
}
