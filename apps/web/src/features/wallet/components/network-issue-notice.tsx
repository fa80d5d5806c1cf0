import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { MailIcon } from '../../../components/ui/icons';
import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { useSession } from '../../../lib/session';
import './network-issue-notice.css';

/**
 * Spec §2: viewers who did not receive coins after a recharge email the support address with
 * their account id and purchase record; the address can be copied.
 */
export function NetworkIssueNotice() {
  const { t } = useTranslation();
  const email = useAppConfig().data?.support_email ?? '';
  const { userInfo } = useSession();
  if (!email) return null;
  return (
    <aside className="network-notice" data-testid="network-issue-notice" aria-label={t('networkNotice.title')}>
      <div className="network-notice__head">
        <MailIcon size={20} />
        <h2 className="network-notice__title">{t('networkNotice.title')}</h2>
      </div>
      <p className="network-notice__body">
        {userInfo ? t('networkNotice.body', { email, uid: userInfo.uid }) : t('networkNotice.bodyVisitor', { email })}
      </p>
      <div className="network-notice__actions">
        <a className="network-notice__email" href={`mailto:${email}`}>
          {email}
        </a>
        <CopyButton text={email} label={t('networkNotice.copyEmail')} testId="network-notice-copy" />
      </div>
    </aside>
  );
}
