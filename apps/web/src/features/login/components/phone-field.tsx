import { useId, useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../phone/countries';
import './phone-field.css';

/** Country (flag and dial prefix) plus the number, two fields of the form; it turns both into E.164. */
export function PhoneField({
  country,
  phone,
  error,
}: {
  country: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <div className="ui-field phone-field">
      <label htmlFor={id} className="ui-field__label">
        {t('login.phone')}
      </label>
      <div className="ui-field__row">
        <select
          {...country}
          className="phone-field__country"
          aria-label={t('login.country')}
          data-testid="login-country"
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.flag} ${option.dial} ${option.name}`}
            </option>
          ))}
        </select>
        <input
          {...phone}
          id={id}
          className="ui-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('login.phonePlaceholder')}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="login-phone"
        />
      </div>
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
