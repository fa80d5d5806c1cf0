import { t } from '../../i18n/messages';
import { Field } from '../../components/Field';

/** A drama's tags as one comma-separated line. */
export function TagsField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={t('catalogue.form.tags')} hint={t('catalogue.form.tagsHint')} error={error}>
      {(props) => (
        <input {...props} className="input" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
