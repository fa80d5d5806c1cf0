import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ShareIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { useProductName } from '../../../lib/app-config/get-app-config';
import { copyText } from '../../../lib/clipboard';
import { PATHS } from '../../../lib/paths';
import { useCurrentPath } from '../../../lib/require-login';
import { loginHref } from '../../../lib/return-to';
import { showToast } from '../../../lib/toast';
import { publicOrigin } from '../../../lib/api-origin';

/** The link a friend opens: this page with the code filled in. */
export function inviteLink(code: string, origin: string = publicOrigin()): string {
  return `${origin}${PATHS.invite}?code=${encodeURIComponent(code)}`;
}

/**
 * The viewer's own code with copy and share (the Web Share sheet, else the link is copied) and
 * how far their invites got; a visitor gets a sign-in button instead.
 */
export function OwnCode({ code, counts }: { code: string | null; counts: { invited: number; max: number; earned: number } | null }) {
  const { t } = useTranslation();
  const here = useCurrentPath();
  const productName = useProductName();

  const share = async () => {
    if (!code) return;
    const url = inviteLink(code);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: productName, text: t('invite.shareText', { app: productName, code }), url });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) showToast(t('errors.shareFailed'));
      }
      return;
    }
    showToast((await copyText(url)) ? t('invite.linkCopied') : t('common.copyFailed'));
  };

  return (
    <Section title={t('invite.myCode')} testId="invite-my-code">
      {code === null ? (
        <div className="invite-visitor">
          <p className="page-intro">{t('invite.myCodeVisitor')}</p>
          <Link className={buttonClassName('primary', false, true)} to={loginHref(here)} data-testid="invite-sign-in">
            {t('common.signIn')}
          </Link>
        </div>
      ) : (
        <>
          <div className="invite-mine">
            <p className="invite-code" data-testid="invite-own-code">
              {code}
            </p>
            <span className="invite-mine__actions">
              <CopyButton text={code} label={t('invite.copyCode')} testId="invite-copy-code" />
              <Button variant="secondary" small onClick={() => void share()} data-testid="invite-share">
                <ShareIcon size={16} />
                {t('invite.share')}
              </Button>
            </span>
          </div>
          {counts && (
            <p className="invite-counts" data-testid="invite-counts">
              {t('invite.counts', { invited: counts.invited, max: counts.max, coins: counts.earned })}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
