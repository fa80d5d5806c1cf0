import { consoleGrantViewerVip, VIP_GRANT_DAYS_MAX } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { useConsoleMutation } from '../../api/console-query';
import { t } from '../../i18n/messages';
import { newRequestKey } from './request-key';
import { useViewerRefresh } from './use-viewer-refresh';
import { WholeNumberDialog } from './WholeNumberDialog';

/** Grants whole VIP days with a reason and a fresh code; the dialog's key makes a retry grant once. */
export function GrantVipDialog({
  uid,
  onClose,
  onDone,
}: {
  uid: number;
  onClose: () => void;
  onDone: (expiresAt: string) => void;
}) {
  const refresh = useViewerRefresh();
  const [key] = useState(newRequestKey);
  const grant = useConsoleMutation(consoleGrantViewerVip, {
    onSuccess: (data) => {
      refresh();
      onDone(data.expires_at);
    },
  });

  return (
    <WholeNumberDialog
      title={t('viewer.grant.title', { uid })}
      number={{
        label: t('viewer.grant.days'),
        hint: t('viewer.grant.daysHint', { max: VIP_GRANT_DAYS_MAX }),
        error: t('viewer.grant.daysError', { max: VIP_GRANT_DAYS_MAX }),
        max: VIP_GRANT_DAYS_MAX,
      }}
      confirmLabel={t('viewer.grant.submit')}
      pendingLabel={t('viewer.grant.pending')}
      pending={grant.isPending}
      error={grant.error}
      onConfirm={(days, reason, totp) =>
        grant.mutate({ input: { params: { uid }, body: { days, key, reason } }, options: { totp } })
      }
      onClose={onClose}
    />
  );
}
