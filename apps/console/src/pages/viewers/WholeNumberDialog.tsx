import { useState, type ReactNode } from 'react';
import { Field } from '../../components/Field';
import { useFreshTotp } from '../../components/fresh-totp';
import { ReasonDialog } from '../../components/ReasonDialog';
import { wholeNumber } from './request-key';
import { VIEWER_REASON } from './viewer-labels';

interface WholeNumberDialogProps {
  title: string;
  /** The number's field: its words, and the largest number it takes (the smallest is 1). */
  number: { label: string; hint: string; error: string; max: number };
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  /** Fields of the change's own, above the number. */
  children?: ReactNode;
  onConfirm: (value: number, reason: string, totp: string) => void;
  onClose: () => void;
}

/**
 * A change of a viewer by a whole number (coins, VIP days) with a reason: both are checked before
 * the fresh authenticator code is asked for, and once tried, their errors follow what is typed.
 */
export function WholeNumberDialog({ title, number, children, onConfirm, ...dialog }: WholeNumberDialogProps) {
  const askTotp = useFreshTotp();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const value = wholeNumber(text, 1, number.max);

  const confirm = async (reason: string) => {
    if (value === null) return; // checkFields has refused it and shown why
    const totp = await askTotp();
    if (totp !== null) onConfirm(value, reason, totp);
  };

  return (
    <ReasonDialog
      {...dialog}
      title={title}
      reasonText={VIEWER_REASON}
      recheckReason
      checkFields={() => {
        setChecked(true);
        return value !== null;
      }}
      onConfirm={confirm}
    >
      {children}
      <Field label={number.label} hint={number.hint} error={checked && value === null ? number.error : undefined}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
    </ReasonDialog>
  );
}
