import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ListView } from '../../../components/ui/list-view';
import { NavBar } from '../../../components/ui/nav-bar';
import { Section } from '../../../components/ui/section';
import { useRewardConstants } from '../../../lib/app-config/get-app-config';
import { useCurrentPath } from '../../../lib/require-login';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { EnterCodeForm } from '../components/enter-code-form';
import './invite-page.css';

/** Invite (spec §2 custom bar): own code, enter a code, the invite record and the rules. */
export function InvitePage() {
  const { t } = useTranslation();
  const { signedIn, userInfo } = useSession();
  const rewards = useRewardConstants();
  const here = useCurrentPath();
  return (
    <>
      <NavBar kind="custom" title={t('titles.invite')} showBack className="invite-bar" />
      <div className="page-body">
        <Section title={t('invite.myCode')} testId="invite-my-code">
          {signedIn && userInfo ? (
            <div className="invite-mine">
              <p className="invite-code" data-testid="invite-own-code">
                {userInfo.invite_code}
              </p>
              <CopyButton text={userInfo.invite_code} label={t('invite.copyCode')} testId="invite-copy-code" />
            </div>
          ) : (
            <div className="invite-visitor">
              <p className="page-intro">{t('invite.myCodeVisitor')}</p>
              <Link
                className={buttonClassName('primary', false, true)}
                to={loginHref(here)}
                data-testid="invite-sign-in"
              >
                {t('common.signIn')}
              </Link>
            </div>
          )}
        </Section>
        <EnterCodeForm />
        <Section title={t('invite.recordTitle')} testId="invite-record">
          <ListView
            items={[] as const}
            itemKey={(_, index) => index}
            renderItem={() => null}
            label={t('invite.recordTitle')}
            testId="invite-record-list"
          />
        </Section>
        <Section title={t('invite.rulesTitle')} testId="invite-rules">
          <ol className="invite-rules">
            <li>{t('invite.ruleNewUser')}</li>
            <li>{t('invite.ruleWindow', { days: rewards.invite_window_days })}</li>
            <li>{t('invite.ruleLimit', { max: rewards.max_invites })}</li>
            <li>{t('invite.ruleReward', { points: rewards.invite_friend })}</li>
          </ol>
        </Section>
      </div>
    </>
  );
}
