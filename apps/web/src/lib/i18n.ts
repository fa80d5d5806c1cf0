import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LanguageChoice } from '@cliffhanger/contract/browser';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueBackend, type Catalogue } from './catalogues';
import { createStore } from './store';
import { isLanguage, isLanguageChoice, LANGUAGE_STORAGE_KEY, readLanguageChoice, resolveLanguage } from './language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** The stored choice ('system' or a language), for the language page's check mark. */
export const languageChoice = createStore<LanguageChoice>(readLanguageChoice());

export const i18n = i18next.createInstance();

/**
 * Resolves once the catalogue of the language in use is in: app/boot.tsx renders after it, so the
 * first paint already has texts. Only that one catalogue is fetched; the others load on a switch.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend())
  .use(initReactI18next)
  .init({
    lng: resolveLanguage(languageChoice.get()),
    // No fallback language: it would fetch a second catalogue for every non-English viewer, and
    // the catalogues hold exactly the same keys (locales/catalogues.test.ts), so none is missing.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    // React escapes; escaping here as well would show &amp; and friends.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
// Fires for the first language too, once its catalogue is in.
i18n.on('languageChanged', applyDocumentLanguage);

/** The language in use now (never 'system'). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * Spec §4: saving persists the choice and announces the change. Every mounted `useTranslation`
 * re-renders on the announcement, so the tab bar, sidebar and the visible page relabel at once.
 * An unsupported value changes nothing and returns false.
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
