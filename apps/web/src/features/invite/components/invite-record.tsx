import type { InviteRecord } from '@cliffhanger/contract/browser';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../../components/ui/list-view';
import { Section } from '../../../components/ui/section';
import { currentLanguage } from '../../../lib/i18n';

function joinedOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(date);
}

/** The friends who joined with the viewer's code, newest first; 'No records.' when none. */
export function InviteRecordList({ records, loading }: { records: readonly InviteRecord[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('invite.recordTitle')} testId="invite-record">
      <ListView
        items={records}
        itemKey={(record, index) => `${record.joined_at}-${index}`}
        loading={loading}
        renderItem={(record) => (
          <div className="invite-record" data-testid="invite-record-item">
            <span className="invite-record__name">{record.nickname}</span>
            <span className="invite-record__date">{joinedOn(record.joined_at)}</span>
            <span className="invite-record__reward">{t('invite.recordReward', { coins: record.reward })}</span>
          </div>
        )}
        label={t('invite.recordTitle')}
        testId="invite-record-list"
      />
    </Section>
  );
}
