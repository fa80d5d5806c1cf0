import { LANGUAGE_CHOICES, type LanguageChoice } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { CheckIcon } from '../../../components/ui/icons';
import { NavBar } from '../../../components/ui/nav-bar';
import { languageChoice, saveLanguage } from '../../../lib/i18n';
import { LANGUAGE_NATIVE_NAMES, resolveLanguage } from '../../../lib/language';
import { useStore } from '../../../lib/use-store';
import './language-page.css';

/**
 * Language (custom bar; docs/product.md#language): follow the system, or one of the languages by its own name.
 * Choosing saves at once; the whole app relabels.
 */
export function LanguagePage() {
  const { t } = useTranslation();
  const current = useStore(languageChoice);
  const label = (choice: LanguageChoice) =>
    choice === 'system' ? t('language.system') : LANGUAGE_NATIVE_NAMES[choice];

  return (
    <>
      <NavBar kind="custom" title={t('titles.language')} showBack />
      <div className="page-body">
        <fieldset className="language-list">
          <legend className="visually-hidden">{t('titles.language')}</legend>
          {LANGUAGE_CHOICES.map((choice) => (
            <label key={choice} className="language-option" data-testid={`language-option-${choice}`}>
              <input
                type="radio"
                name="language"
                value={choice}
                checked={current === choice}
                onChange={() => saveLanguage(choice)}
                className="language-option__input"
              />
              <span className="language-option__text">
                <span lang={choice === 'system' ? undefined : choice}>{label(choice)}</span>
                {choice === 'system' && (
                  <span className="language-option__hint">
                    {t('language.systemHint', { language: LANGUAGE_NATIVE_NAMES[resolveLanguage('system')] })}
                  </span>
                )}
              </span>
              <CheckIcon className="language-option__check" size={20} />
            </label>
          ))}
        </fieldset>
      </div>
    </>
  );
}
