import { useState, type FormEvent, type ReactNode } from 'react';
import { t } from '../i18n/messages';
import { Dialog } from './Dialog';
import { ErrorNotice } from './ErrorNotice';
import { ReasonField, type ReasonText } from './ReasonField';

interface ReasonDialogProps {
  title: string;
  /** What the change does and the dialog's own fields, above the reason. */
  children: ReactNode;
  reasonText: Required<ReasonText>;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  /** The missing-reason error takes the hint's place rather than standing under it. */
  errorReplacesHint?: boolean;
  /**
   * After a refused confirm, the missing-reason error follows the field (it comes back when the
   * field is emptied again) instead of leaving at the first keystroke.
   */
  recheckReason?: boolean;
  /** Checks the dialog's own fields when confirm is pressed, showing their errors: false keeps the dialog open. */
  checkFields?: () => boolean;
  /** Called with the trimmed reason once it and the dialog's own fields pass. */
  onConfirm: (reason: string) => void | Promise<void>;
  onClose: () => void;
}

/**
 * A change confirmed with a reason for the audit log: what it does (and any fields of its own),
 * the reason, the refusal if the change was refused, then cancel and confirm.
 */
export function ReasonDialog({
  title,
  children,
  reasonText,
  confirmLabel,
  pendingLabel,
  danger = false,
  pending,
  error,
  errorReplacesHint = false,
  recheckReason = false,
  checkFields,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const fieldsPass = checkFields ? checkFields() : true;
    if (!fieldsPass || reason.trim() === '') return;
    await onConfirm(reason.trim());
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <ReasonField
          text={reasonText}
          value={reason}
          missing={checked && reason.trim() === ''}
          errorReplacesHint={errorReplacesHint}
          onChange={(value) => {
            setReason(value);
            if (!recheckReason) setChecked(false);
          }}
        />
        {error ? <ErrorNotice error={error} /> : null}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button button--primary'}
            disabled={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
