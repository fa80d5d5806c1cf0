import { t, type MessageKey } from '../i18n/messages';
import { Field } from './Field';

/** The message keys of a reason field's words: `missing` only where the reason is required. */
export interface ReasonText {
  label: MessageKey;
  hint: MessageKey;
  missing?: MessageKey;
}

interface ReasonFieldProps {
  text: ReasonText;
  value: string;
  onChange: (value: string) => void;
  /** A required reason left empty: `text.missing` shows under the field. */
  missing?: boolean;
  /** The missing-reason error takes the hint's place rather than standing under it. */
  errorReplacesHint?: boolean;
  maxLength?: number;
}

/** Why a change is made, kept in the audit log beside it; each area brings its own words. */
export function ReasonField({
  text,
  value,
  onChange,
  missing = false,
  errorReplacesHint = false,
  maxLength,
}: ReasonFieldProps) {
  const error = missing && text.missing ? t(text.missing) : undefined;
  return (
    <Field label={t(text.label)} hint={error && errorReplacesHint ? undefined : t(text.hint)} error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
