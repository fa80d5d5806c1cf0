import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Defaults to the translated 'Confirm'. */
  confirmLabel?: string;
  /** Defaults to the translated 'Cancel'. */
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The dialog's test id; its buttons get `-cancel` and `-confirm` unless named below. */
  testId?: string;
  cancelTestId?: string;
  confirmTestId?: string;
}

/** A modal question. Focus starts on cancel, the safe answer; Escape and the backdrop cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
  cancelTestId,
  confirmTestId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={title} message={message} onClose={onCancel} testId={testId}>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus data-testid={cancelTestId ?? `${testId}-cancel`}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          variant={destructive ? 'danger' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          data-testid={confirmTestId ?? `${testId}-confirm`}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
