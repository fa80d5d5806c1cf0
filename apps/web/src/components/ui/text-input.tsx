import { INPUT_MAX_LENGTH } from '@cliffhanger/contract/browser';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import './text-input.css';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | null;
  /** Something before the field, e.g. a country picker. */
  leading?: ReactNode;
  /** Something beside the field, e.g. a send-code button. */
  trailing?: ReactNode;
  hideLabel?: boolean;
}

/** A labelled text field; at most 140 characters unless told otherwise (docs/product.md#validation-rules). */
export function TextInput({
  label,
  error,
  leading,
  trailing,
  hideLabel = false,
  maxLength = INPUT_MAX_LENGTH,
  className,
  ...rest
}: TextInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <div className="ui-field__row">
        {leading}
        <input
          id={id}
          className="ui-field__input"
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
