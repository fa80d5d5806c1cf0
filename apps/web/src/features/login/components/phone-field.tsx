import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextInput } from '../../../components/ui/text-input';
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
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
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
      }
    />
  );
}
