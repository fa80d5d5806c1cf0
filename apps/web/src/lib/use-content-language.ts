import type { Language } from '@cliffhanger/contract/browser';
import { useTranslation } from './use-translation';
import { currentLanguage } from './i18n';

/**
 * The language catalogue texts are asked for (`lang` of GET /home, /dramas, /favorites,
 * /history). Part of every such query key, so changing the language fetches the titles anew.
 */
export function useContentLanguage(): Language {
  // useTranslation re-renders the caller when the language changes.
  useTranslation();
  return currentLanguage();
}
