import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, isOfferedCountry, type Country } from '../phone/countries';
import './phone-field.css';

/** Country (flag and dial prefix) plus the number; the form turns both into E.164. */
export function PhoneField({
  country,
  onCountryChange,
  phone,
  onPhoneChange,
  error,
}: {
  country: Country;
  onCountryChange: (country: Country) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
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
          className="phone-field__country"
          value={country}
          onChange={(event) => {
            if (isOfferedCountry(event.target.value)) onCountryChange(event.target.value);
          }}
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
          id={id}
          className="ui-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('login.phonePlaceholder')}
          maxLength={20}
          value={phone}
          onChange={(event) => onPhoneChange(event.target.value)}
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
