import { useQueryClient } from '@tanstack/react-query';
import { consoleNewestComments, consoleReportedComments } from '@cliffhanger/contract/console';
import { consoleKey, useConsoleMutation } from '../../api/console-query';
import { ReasonDialog } from '../../components/ReasonDialog';
import { t } from '../../i18n/messages';
import { ACTION_ENDPOINTS, targetIdOf, type ModerationAction } from './moderation-actions';

const MODERATION_REASON = {
  label: 'moderation.form.reason',
  hint: 'moderation.form.reasonHint',
  missing: 'moderation.form.reasonMissing',
} as const;

function confirmText(action: ModerationAction): string {
  if ('comment' in action) return t(`moderation.confirm.${action.kind}`);
  return t(`moderation.confirm.${action.kind}`, { nickname: action.author.nickname, uid: action.author.uid });
}

function doneText(action: ModerationAction): string {
  if ('comment' in action) return t(`moderation.done.${action.kind}`, { id: action.comment.id });
  return t(`moderation.done.${action.kind}`, { uid: action.author.uid });
}

/**
 * Asks for the reason of one moderation action and sends it; both lists are asked for again
 * afterwards, since an action moves a comment between them or changes how it shows.
 */
export function ModerationActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: ModerationAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useConsoleMutation(ACTION_ENDPOINTS[action.kind], {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleReportedComments) });
      void queryClient.invalidateQueries({ queryKey: consoleKey(consoleNewestComments) });
      onDone(doneText(action));
    },
  });

  const label = t(`moderation.action.${action.kind}`);
  return (
    <ReasonDialog
      title={label}
      reasonText={MODERATION_REASON}
      confirmLabel={label}
      pendingLabel={t('moderation.form.pending')}
      danger={action.kind === 'delete' || action.kind === 'block'}
      pending={mutation.isPending}
      error={mutation.error}
      errorReplacesHint
      onConfirm={(reason) => mutation.mutate({ input: { params: { id: targetIdOf(action) }, body: { reason } } })}
      onClose={onClose}
    >
      <p>{confirmText(action)}</p>
      {'comment' in action && <blockquote className="moderation__quote">{action.comment.text}</blockquote>}
    </ReasonDialog>
  );
}
