import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/messages';

/** The drama filter: a drama's id, or every drama. */
export function DramaFilter({
  dramaId,
  onApply,
}: {
  dramaId: number | undefined;
  onApply: (dramaId: number | undefined) => void;
}) {
  const inputId = useId();
  const [value, setValue] = useState(dramaId === undefined ? '' : String(dramaId));
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') {
      onApply(undefined);
      return;
    }
    if (!/^[1-9]\d{0,15}$/.test(trimmed)) {
      setInvalid(true);
      return;
    }
    onApply(Number(trimmed));
  };

  return (
    <form className="filters" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('moderation.filter.drama')}
        </label>
        <input
          id={inputId}
          className="input"
          inputMode="numeric"
          value={value}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <p id={`${inputId}-error`} className="field__error">
            {t('moderation.filter.dramaError')}
          </p>
        )}
      </div>
      <div className="filters__actions form__actions--start">
        <button type="submit" className="button button--primary">
          {t('moderation.filter.apply')}
        </button>
        {dramaId !== undefined && (
          <button type="button" className="button" onClick={() => onApply(undefined)}>
            {t('moderation.filter.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
