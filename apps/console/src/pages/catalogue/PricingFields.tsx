import { t } from '../../i18n/messages';
import type { FieldErrors, PricingForm } from './drama-form';
import { Field } from '../../components/Field';

interface PricingFieldsProps {
  form: PricingForm;
  errors: FieldErrors;
  onChange: (field: keyof PricingForm, value: string) => void;
}

/** Free episodes and the two coin prices, whole numbers as typed. */
export function PricingFields({ form, errors, onChange }: PricingFieldsProps) {
  const number = (field: keyof PricingForm, label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[field]}>
      {(props) => (
        <input
          {...props}
          className="input"
          inputMode="numeric"
          value={form[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <>
      {number('free_episodes', t('catalogue.pricing.free'), t('catalogue.pricing.freeHint'))}
      {number('episode_price', t('catalogue.pricing.episode'))}
      {number('all_price', t('catalogue.pricing.all'), t('catalogue.pricing.allHint'))}
    </>
  );
}
