import type { InviteRecord } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { ListView } from '../../../components/ui/list-view';
import { Section } from '../../../components/ui/section';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';

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
            <span className="invite-record__date">{formatDate(record.joined_at, currentLanguage())}</span>
            <span className="invite-record__reward">{t('invite.recordReward', { coins: record.reward })}</span>
          </div>
        )}
        label={t('invite.recordTitle')}
        testId="invite-record-list"
      />
    </Section>
  );
}
