import { useQueryClient } from '@tanstack/react-query';
import {
  consoleInviteOperator,
  consoleListOperators,
  type EnrolmentLink,
  type OperatorRole,
} from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ReasonField } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { OPERATOR_REASON_FIELD, RoleField } from './OperatorFields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A new operator: e-mail, role and why; the enrolment link it answers is handed to `onInvited`. */
export function InviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (link: EnrolmentLink) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [reason, setReason] = useState('');
  const [emailInvalid, setEmailInvalid] = useState(false);
  const invite = useConsoleMutation(consoleInviteOperator, {
    onSuccess: (link) => {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListOperators) });
      onInvited(link);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setEmailInvalid(true);
      return;
    }
    const why = reason.trim();
    invite.mutate({ input: { body: { email: email.trim(), role, ...(why === '' ? {} : { reason: why }) } } });
  };

  return (
    <Dialog title={t('operators.invite.title')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {t('operators.invite.email')}
          </label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            autoComplete="off"
            autoFocus
            value={email}
            aria-invalid={emailInvalid}
            aria-describedby={emailInvalid ? `${id}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailInvalid(false);
            }}
          />
          {emailInvalid && (
            <p id={`${id}-email-error`} className="field__error">
              {t('operators.invite.emailInvalid')}
            </p>
          )}
        </div>
        <RoleField id={`${id}-role`} label={t('operators.invite.role')} value={role} onChange={setRole} />
        <ReasonField {...OPERATOR_REASON_FIELD} value={reason} onChange={setReason} />
        {invite.error && <ErrorNotice error={invite.error} />}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={invite.isPending}>
            {invite.isPending ? t('operators.dialog.pending') : t('operators.invite.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
