import { createColumnHelper } from '@tanstack/react-table';
import type { ViewerDetail } from '@cliffhanger/contract/console';
import { DataTable } from '../../components/DataTable';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

type Session = ViewerDetail['sessions'][number];
const column = createColumnHelper<Session>();
const columns = [
  column.accessor('user_agent', {
    header: () => t('viewer.sessions.device'),
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor('ip', { header: () => t('viewer.sessions.ip'), cell: ({ getValue }) => getValue() || '—' }),
  column.accessor('created_at', {
    header: () => t('viewer.sessions.created'),
    cell: ({ getValue }) => utcTime(getValue()),
  }),
  column.accessor('rotated_at', {
    header: () => t('viewer.sessions.rotated'),
    cell: ({ getValue }) => {
      const at = getValue();
      return at ? utcTime(at) : t('viewers.none');
    },
  }),
  column.accessor('revoked_at', {
    header: () => t('viewer.sessions.state'),
    cell: ({ getValue }) => {
      const at = getValue();
      return at ? t('viewer.sessions.revoked', { at: utcTime(at) }) : t('viewer.sessions.live');
    },
  }),
];

/** The viewer's latest sessions, and signing them out everywhere. */
export function ViewerSessions({ sessions, onRevoke }: { sessions: Session[]; onRevoke: () => void }) {
  return (
    <section className="panel" aria-labelledby="viewer-sessions">
      <h2 id="viewer-sessions">{t('viewer.sessions')}</h2>
      <DataTable
        data={sessions}
        columns={columns}
        getRowId={(session) => String(session.id)}
        caption={t('viewer.sessions')}
        empty={t('viewer.sessions.empty')}
      />
      <div className="toolbar">
        <button type="button" className="button button--danger" onClick={onRevoke}>
          {t('viewer.revoke')}
        </button>
      </div>
    </section>
  );
}
