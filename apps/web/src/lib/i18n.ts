import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LanguageChoice } from '@cliffhanger/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import zh from '../locales/zh.json';
import { createStore } from './store';
import { isLanguageChoice, LANGUAGE_STORAGE_KEY, readLanguageChoice, resolveLanguage } from './language';

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  tr: { translation: tr },
} as const satisfies Record<Language, { translation: unknown }>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

/** The stored choice ('system' or a language), for the language page's check mark. */
const choiceStore = createStore<LanguageChoice>(readLanguageChoice());
export const languageChoice = choiceStore;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: resolveLanguage(choiceStore.get()),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // React escapes; escaping here as well would show &amp; and friends.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The language in use now (never 'system'). */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
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
  choiceStore.set(choice);
  void i18n.changeLanguage(resolveLanguage(choice));
  return true;
}

// 'system' follows the browser while the app is open, too.
if (typeof window !== 'undefined') {
  window.addEventListener('languagechange', () => {
    if (choiceStore.get() === 'system') void i18n.changeLanguage(resolveLanguage('system'));
  });
  // Another tab saved a language: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_STORAGE_KEY) return;
    const choice = readLanguageChoice();
    choiceStore.set(choice);
    void i18n.changeLanguage(resolveLanguage(choice));
  });
}
