import { useTranslation } from '../../lib/use-translation';
import { useAppConfig } from '../../lib/app-config/get-app-config';
import { useSession } from '../../lib/session';
import { CopyButton } from './copy-button';
import { MailIcon } from './icons';
import './network-issue-notice.css';

/**
 * Viewers who did not receive coins after a recharge email the support address
 * (docs/product.md#screen-contents) with their account id and purchase record. The copy button puts exactly
 * those on the clipboard (the account id, and the order when the page has one) so nothing has to be typed
 * from the screen; the address opens a mail with them already written.
 */
export function NetworkIssueNotice({ orderId }: { orderId?: string | null }) {
  const { t } = useTranslation();
  const email = useAppConfig().data?.support_email ?? '';
  const { userInfo, signedIn } = useSession();
  if (!email) return null;
  const uid = signedIn ? userInfo?.uid : undefined;
  const details =
    uid === undefined
      ? ''
      : [t('networkNotice.accountIdLine', { uid }), orderId ? t('networkNotice.orderIdLine', { id: orderId }) : null]
          .filter(Boolean)
          .join('\n');
  const mailto = `mailto:${email}?${new URLSearchParams({ subject: t('networkNotice.title'), body: details })
    .toString()
    .replace(/\+/g, '%20')}`;
  return (
    <aside className="network-notice" data-testid="network-issue-notice" aria-label={t('networkNotice.title')}>
      <div className="network-notice__head">
        <MailIcon size={20} />
        <h2 className="network-notice__title">{t('networkNotice.title')}</h2>
      </div>
      <p className="network-notice__body">
        {uid !== undefined ? t('networkNotice.body', { email, uid }) : t('networkNotice.bodyVisitor', { email })}
      </p>
      {orderId && (
        <p className="network-notice__order" data-testid="network-notice-order">
          {t('networkNotice.orderIdLine', { id: orderId })}
        </p>
      )}
      <div className="network-notice__actions">
        <a className="network-notice__email" href={details ? mailto : `mailto:${email}`}>
          {email}
        </a>
        {details ? (
          <CopyButton
            text={details}
            label={orderId ? t('networkNotice.copyDetails') : t('networkNotice.copyAccountId')}
            copiedMessage={orderId ? t('networkNotice.detailsCopied') : t('networkNotice.accountIdCopied')}
            testId="network-notice-copy"
          />
        ) : (
          <CopyButton text={email} label={t('networkNotice.copyEmail')} testId="network-notice-copy" />
        )}
      </div>
    </aside>
  );
}
