import { consoleBlockViewer, consoleRevokeViewerSessions, consoleUnblockViewer } from '@cliffhanger/contract/console';
import { useConsoleMutation } from '../../api/console-query';
import { ReasonDialog } from '../../components/ReasonDialog';
import { t } from '../../i18n/messages';
import { VIEWER_REASON } from './viewer-labels';
import { useViewerRefresh } from './use-viewer-refresh';

export type AccountAction = 'block' | 'unblock' | 'revoke';

/** Block, unblock or sign out everywhere: each asks for a reason, then says what it did. */
export function AccountActionDialog({
  uid,
  action,
  onClose,
  onDone,
}: {
  uid: number;
  action: AccountAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const refresh = useViewerRefresh();
  const block = useConsoleMutation(consoleBlockViewer, {
    onSuccess: () => {
      refresh();
      onDone(t('viewer.blockedDone'));
    },
  });
  const unblock = useConsoleMutation(consoleUnblockViewer, {
    onSuccess: () => {
      refresh();
      onDone(t('viewer.unblockedDone'));
    },
  });
  const revoke = useConsoleMutation(consoleRevokeViewerSessions, {
    onSuccess: (data) => {
      refresh();
      onDone(t('viewer.revokedDone', { count: data.revoked }));
    },
  });
  const mutation = { block, unblock, revoke }[action];

  return (
    <ReasonDialog
      title={t(`viewer.${action}.title`, { uid })}
      reasonText={VIEWER_REASON}
      confirmLabel={t('viewer.confirm')}
      pendingLabel={t('viewer.pending')}
      danger={action !== 'unblock'}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onConfirm={(reason) => mutation.mutate({ input: { params: { uid }, body: { reason } } })}
    >
      <p>{t(`viewer.${action}.body`)}</p>
    </ReasonDialog>
  );
}
