import { LANGUAGES, type Language } from '@cliffhanger/contract/browser';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n/messages';
import { languagesWithErrors, type DramaTextForm, type FieldErrors } from './drama-form';
import { Field } from '../../components/Field';

interface LocalisedFieldsProps {
  form: Pick<DramaTextForm, 'title' | 'synopsis'>;
  errors: FieldErrors;
  onChange: (field: 'title' | 'synopsis', lang: Language, value: string) => void;
  /** An episode has a title only. */
  synopsis?: boolean;
}

const languageName = (lang: Language) => t(`catalogue.lang.${lang}`);

/**
 * A title (and synopsis) in English, Chinese and Turkish, one tab per language (the WAI-ARIA tabs
 * pattern: arrow keys move between tabs). Every tab stays in the form, so a tab with an error says
 * so in its name and its fields keep their text when another tab is shown.
 */
export function LocalisedFields({ form, errors, onChange, synopsis = true }: LocalisedFieldsProps) {
  const baseId = useId();
  const [shown, setShown] = useState<Language>('en');
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});
  const failing = languagesWithErrors(errors);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = LANGUAGES[(LANGUAGES.indexOf(shown) + step + LANGUAGES.length) % LANGUAGES.length]!;
    setShown(next);
    tabs.current[next]?.focus();
  };

  // English first: it is required, and every other language falls back to it.
  const ordered: Language[] = ['en', ...LANGUAGES.filter((lang) => lang !== 'en')];
  return (
    <div>
      <div className="tabs" role="tablist" aria-label={t('catalogue.lang.tabs')} onKeyDown={onKeyDown}>
        {ordered.map((lang) => (
          <button
            key={lang}
            ref={(element) => {
              tabs.current[lang] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${lang}`}
            className="tabs__tab"
            aria-selected={shown === lang}
            aria-controls={`${baseId}-panel-${lang}`}
            tabIndex={shown === lang ? 0 : -1}
            onClick={() => setShown(lang)}
          >
            {lang === 'en' ? t('catalogue.lang.required', { language: languageName(lang) }) : languageName(lang)}
            {failing.has(lang) && (
              <span className="field__error">
                {' '}
                <span aria-hidden="true">!</span>
                <span className="visually-hidden">
                  {t('catalogue.lang.hasError', { language: languageName(lang) })}
                </span>
              </span>
            )}
          </button>
        ))}
      </div>
      {ordered.map((lang) => (
        <div
          key={lang}
          role="tabpanel"
          id={`${baseId}-panel-${lang}`}
          aria-labelledby={`${baseId}-tab-${lang}`}
          hidden={shown !== lang}
          className="form"
        >
          <Field
            label={`${t('catalogue.form.title')} (${languageName(lang)})`}
            hint={lang === 'en' ? undefined : t('catalogue.form.optionalHint')}
            error={errors[`title.${lang}`]}
          >
            {(props) => (
              <input
                {...props}
                className="input"
                value={form.title[lang]}
                onChange={(event) => onChange('title', lang, event.target.value)}
              />
            )}
          </Field>
          {synopsis && (
            <Field
              label={`${t('catalogue.form.synopsis')} (${languageName(lang)})`}
              hint={lang === 'en' ? undefined : t('catalogue.form.optionalHint')}
              error={errors[`synopsis.${lang}`]}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={4}
                  value={form.synopsis[lang]}
                  onChange={(event) => onChange('synopsis', lang, event.target.value)}
                />
              )}
            </Field>
          )}
        </div>
      ))}
    </div>
  );
}
