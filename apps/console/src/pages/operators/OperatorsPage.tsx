import { createColumnHelper } from '@tanstack/react-table';
import { consoleListOperators, type EnrolmentLink, type OperatorAccount } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { useOperator } from '../../app/operator-context';
import { DataTable } from '../../components/DataTable';
import { ListPageHead } from '../../components/ListPageHead';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { EnrolmentLinkDialog } from './EnrolmentLinkDialog';
import { InviteDialog } from './InviteDialog';
import { OperatorActionDialog, type ActionResult } from './OperatorActionDialog';
import { actionsFor, stateOf, type OperatorAction } from './operator-state';

type Open =
  | { dialog: 'invite' }
  | { dialog: 'action'; action: OperatorAction; operator: OperatorAccount }
  | { dialog: 'link'; link: EnrolmentLink }
  | null;

const column = createColumnHelper<OperatorAccount>();
const when = (iso: string | null) => (iso === null ? t('operators.never') : utcTime(iso));

function doneText({ action, operator }: ActionResult): string {
  const { email } = operator;
  return action === 'role'
    ? t('operators.done.role', { email, role: t(`role.${operator.role}`) })
    : t(`operators.done.${action}`, { email });
}

/** Every operator with role and state; an admin invites, changes roles, disables, resets and unlocks here. */
export default function OperatorsPage() {
  const me = useOperator();
  const operators = useConsoleQuery(consoleListOperators);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns = [
    column.accessor('email', { header: () => t('operators.col.email') }),
    column.accessor('role', { header: () => t('operators.col.role'), cell: ({ getValue }) => t(`role.${getValue()}`) }),
    column.display({ id: 'state', header: () => t('operators.col.state'), cell: ({ row }) => stateOf(row.original) }),
    column.accessor('last_sign_in_at', {
      header: () => t('operators.col.lastSignIn'),
      cell: ({ getValue }) => when(getValue()),
    }),
    column.accessor('last_seen_at', {
      header: () => t('operators.col.lastSeen'),
      cell: ({ getValue }) => when(getValue()),
    }),
    column.display({
      id: 'actions',
      header: () => t('operators.col.actions'),
      cell: ({ row }) => {
        const operator = row.original;
        return (
          <span className="table__actions">
            {operator.id === me.id ? (
              <span>{t('operators.you')}</span>
            ) : (
              actionsFor(operator).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={`button button--small${action === 'disable' || action === 'reset' ? ' button--danger' : ''}`}
                  aria-label={t('operators.actionLabel', {
                    action: t(`operators.action.${action}`),
                    email: operator.email,
                  })}
                  onClick={() => {
                    setDone(null);
                    setOpen({ dialog: 'action', action, operator });
                  }}
                >
                  {t(`operators.action.${action}`)}
                </button>
              ))
            )}
            <Link
              to={`/audit?target=${encodeURIComponent(`operator:${operator.id}`)}`}
              aria-label={t('operators.actionLabel', { action: t('operators.action.history'), email: operator.email })}
            >
              {t('operators.action.history')}
            </Link>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <ListPageHead
        title={t('operators.title')}
        intro={t('operators.intro')}
        action={t('operators.invite')}
        onAction={() => {
          setDone(null);
          setOpen({ dialog: 'invite' });
        }}
        done={done}
      />
      <QueryView query={operators}>
        {(data) => (
          <DataTable
            data={data.list}
            columns={columns}
            getRowId={(operator) => String(operator.id)}
            caption={t('operators.title')}
            sortable
          />
        )}
      </QueryView>
      {open?.dialog === 'invite' && (
        <InviteDialog
          onClose={() => setOpen(null)}
          onInvited={(link) => {
            setDone(t('operators.done.invite', { email: link.operator.email }));
            setOpen({ dialog: 'link', link });
          }}
        />
      )}
      {open?.dialog === 'action' && (
        <OperatorActionDialog
          action={open.action}
          operator={open.operator}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            setDone(doneText(result));
            setOpen(result.link ? { dialog: 'link', link: result.link } : null);
          }}
        />
      )}
      {open?.dialog === 'link' && <EnrolmentLinkDialog link={open.link} onClose={() => setOpen(null)} />}
    </>
  );
}
