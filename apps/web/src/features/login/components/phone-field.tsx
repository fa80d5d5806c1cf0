import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextInput } from '../../../components/ui/text-input';
import { countryOptions } from '../phone/countries';
import './phone-field.css';

/**
 * Country plus the number, two fields of the form; it turns both into E.164. The closed country
 * field shows the region code and dial prefix ("US +1"), which fit its width in every language;
 * the list names each country in full. No emoji flags: where the system has no emoji font they
 * are drawn as empty boxes.
 */
export function PhoneField({
  country,
  selected,
  phone,
  error,
}: {
  country: UseFormRegisterReturn;
  /** The chosen country's code, shown on the closed field. */
  selected: string;
  phone: UseFormRegisterReturn;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const current = options.find((option) => option.code === selected);
  return (
    <TextInput
      {...phone}
      className="phone-field"
      label={t('login.phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={t('login.phonePlaceholder')}
      maxLength={20}
      error={error}
      data-testid="login-phone"
      leading={
        <span className="phone-field__country-box">
          <span className="phone-field__country-label" aria-hidden="true" data-testid="login-country-label">
            {current ? `${current.code} ${current.dial}` : selected}
          </span>
          {/* The native list on top, transparent: the system's own picker on every device. */}
          <select
            {...country}
            className="phone-field__country"
            aria-label={t('login.country')}
            data-testid="login-country"
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {`${option.name} (${option.dial})`}
              </option>
            ))}
          </select>
        </span>
      }
    />
  );
}
