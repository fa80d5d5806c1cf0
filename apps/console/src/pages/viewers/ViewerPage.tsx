import { consoleViewer } from '@cliffhanger/contract/console';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useConsoleQuery } from '../../api/console-query';
import { QueryView } from '../../components/QueryView';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { AccountActionDialog, type AccountAction } from './AccountActionDialog';
import { AdjustCoinsDialog } from './AdjustCoinsDialog';
import { GrantVipDialog } from './GrantVipDialog';
import { ViewerAccount } from './ViewerAccount';
import { ViewerActivity } from './ViewerActivity';
import { ViewerCoins, ViewerVip } from './ViewerMoney';
import { ViewerSessions } from './ViewerSessions';

type Open = AccountAction | 'adjust' | 'grant' | null;

/** Everything about one viewer, and support's changes to their account, each in a dialog. */
export default function ViewerPage() {
  const uid = Number(useParams().uid);
  const viewer = useConsoleQuery(consoleViewer, { params: { uid } });
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const show = (dialog: Open) => () => {
    setDone(null);
    setOpen(dialog);
  };
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };

  return (
    <>
      <p>
        <Link to="/viewers">{t('viewer.back')}</Link>
      </p>
      <h1>{t('viewer.title', { uid })}</h1>
      <div role="status">{done && <p className="notice notice--ok">{done}</p>}</div>
      <QueryView query={viewer}>
        {(data) => (
          <>
            <ViewerAccount viewer={data} onBlock={show('block')} onUnblock={show('unblock')} />
            <ViewerSessions sessions={data.sessions} onRevoke={show('revoke')} />
            <ViewerCoins viewer={data} onAdjust={show('adjust')} />
            <ViewerVip viewer={data} onGrant={show('grant')} />
            <ViewerActivity viewer={data} />
          </>
        )}
      </QueryView>
      {(open === 'block' || open === 'unblock' || open === 'revoke') && (
        <AccountActionDialog uid={uid} action={open} onClose={() => setOpen(null)} onDone={finish} />
      )}
      {open === 'adjust' && (
        <AdjustCoinsDialog
          uid={uid}
          onClose={() => setOpen(null)}
          onDone={(coins) => finish(t('viewer.adjustedDone', { coins }))}
        />
      )}
      {open === 'grant' && (
        <GrantVipDialog
          uid={uid}
          onClose={() => setOpen(null)}
          onDone={(at) => finish(t('viewer.grantedDone', { at: utcTime(at) }))}
        />
      )}
    </>
  );
}
