import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleChangeOperatorRole,
  consoleDisableOperator,
  consoleEnableOperator,
  consoleListOperators,
  consoleResetOperator,
  consoleUnlockOperator,
  type EnrolmentLink,
  type OperatorAccount,
  type OperatorRole,
} from '@cliffhanger/contract/console';
import { useId, useState, type FormEvent } from 'react';
import { consoleCall, type ConsoleApiError } from '../../api/console-api';
import { consoleKey } from '../../api/console-query';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ReasonField } from '../../components/ReasonField';
import { useFreshTotp } from '../../components/fresh-totp';
import { t } from '../../i18n/messages';
import { OPERATOR_REASON_FIELD, RoleField } from './OperatorFields';
import type { OperatorAction } from './operator-state';

/** Which endpoint each action calls: the contract says whether it wants a fresh code. */
const ENDPOINTS = {
  role: consoleChangeOperatorRole,
  disable: consoleDisableOperator,
  enable: consoleEnableOperator,
  reset: consoleResetOperator,
  unlock: consoleUnlockOperator,
} as const;

/** What an action answers: the operator as they now are, or (a reset) a new enrolment link as well. */
export type ActionResult = { action: OperatorAction; operator: OperatorAccount; link?: EnrolmentLink };

async function run(
  action: OperatorAction,
  id: number,
  role: OperatorRole,
  reason: string | undefined,
  totp: string | undefined,
): Promise<ActionResult> {
  const options = totp === undefined ? {} : { totp };
  const body = reason === undefined ? {} : { reason };
  const params = { id };
  switch (action) {
    case 'role':
      return {
        action,
        operator: await consoleCall(consoleChangeOperatorRole, { params, body: { ...body, role } }, options),
      };
    case 'disable':
      return { action, operator: await consoleCall(consoleDisableOperator, { params, body }, options) };
    case 'enable':
      return { action, operator: await consoleCall(consoleEnableOperator, { params, body }, options) };
    case 'unlock':
      return { action, operator: await consoleCall(consoleUnlockOperator, { params, body }, options) };
    case 'reset': {
      const link = await consoleCall(consoleResetOperator, { params, body }, options);
      return { action, operator: link.operator, link };
    }
  }
}

/**
 * One change to an operator, confirmed in a dialog that says what it does, asks why (for the
 * audit log) and, for the changes the contract marks, a fresh authenticator code.
 */
export function OperatorActionDialog({
  action,
  operator,
  onClose,
  onDone,
}: {
  action: OperatorAction;
  operator: OperatorAccount;
  onClose: () => void;
  onDone: (result: ActionResult) => void;
}) {
  const id = useId();
  const askTotp = useFreshTotp();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [reason, setReason] = useState('');
  const change = useMutation<ActionResult, ConsoleApiError, { totp: string | undefined }>({
    mutationFn: ({ totp }) => run(action, operator.id, role, reason.trim() === '' ? undefined : reason.trim(), totp),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleListOperators) });
      onDone(result);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let totp: string | undefined;
    if (ENDPOINTS[action].freshTotp) {
      const code = await askTotp();
      if (code === null) return;
      totp = code;
    }
    change.mutate({ totp });
  };

  const { email } = operator;
  const danger = action === 'disable' || action === 'reset';
  return (
    <Dialog title={t(`operators.dialog.${action}.title`, { email })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t(`operators.dialog.${action}.body`)}</p>
        {action === 'role' && (
          <RoleField
            id={`${id}-role`}
            label={t('operators.dialog.role.field')}
            autoFocus
            value={role}
            onChange={setRole}
          />
        )}
        <ReasonField {...OPERATOR_REASON_FIELD} value={reason} onChange={setReason} />
        {change.error && <ErrorNotice error={change.error} />}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={change.isPending || (action === 'role' && role === operator.role)}
          >
            {change.isPending ? t('operators.dialog.pending') : t(`operators.action.${action}`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
