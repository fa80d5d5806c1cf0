import { DEFAULT_LANGUAGE, type Language, type LanguageChoice } from '@cliffhanger/contract/browser';
import { CATALOGUE_LOADERS } from './catalogues';
import { createStore } from './store';
import { isLanguage, isLanguageChoice, LANGUAGE_STORAGE_KEY, readLanguageChoice, resolveLanguage } from './language';
import { createTranslations } from './translations';

export type { TFunction } from './translations';

/** The stored choice ('system' or a language), for the language page's check mark. */
export const languageChoice = createStore<LanguageChoice>(readLanguageChoice());

/**
 * The app's texts. Only the catalogue of the language in use is fetched; the others load on a
 * switch. There is no fallback language: it would fetch a second catalogue for every non-English
 * viewer, and the catalogues hold exactly the same keys (locales/catalogues.test.ts).
 */
const started = createTranslations(resolveLanguage(languageChoice.get()), CATALOGUE_LOADERS);
export const i18n = started.translations;

/**
 * Resolves once the catalogue of the language in use is in: app/boot.tsx renders after it, so the
 * first paint already has texts.
 */
export const i18nReady: Promise<boolean> = started.ready;

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
// Fires for the first language too, once its catalogue is in.
i18n.onLanguageChanged(applyDocumentLanguage);

/** The language in use now (never 'system'). */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * Saving persists the choice and announces the change (docs/product.md#language). Every mounted
 * `useTranslation` re-renders on the announcement, so the tab bar, sidebar and the visible page relabel at
 * once. An unsupported value changes nothing and returns false.
 */
export function saveLanguage(choice: unknown): boolean {
  if (!isLanguageChoice(choice)) return false;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
  } catch {
    // Blocked storage: the choice still applies for this visit.
  }
  languageChoice.set(choice);
  void i18n.changeLanguage(resolveLanguage(choice));
  return true;
}

// 'system' follows the browser while the app is open, too.
if (typeof window !== 'undefined') {
  window.addEventListener('languagechange', () => {
    if (languageChoice.get() === 'system') void i18n.changeLanguage(resolveLanguage('system'));
  });
  // Another tab saved a language: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_STORAGE_KEY) return;
    const choice = readLanguageChoice();
    languageChoice.set(choice);
    void i18n.changeLanguage(resolveLanguage(choice));
  });
}
