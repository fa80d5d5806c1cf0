import { useTranslation } from '../../../lib/use-translation';
import { LoadError } from '../../../components/ui/load-error';
import { NavBar } from '../../../components/ui/nav-bar';
import { Section } from '../../../components/ui/section';
import { useRewardConstants } from '../../../lib/app-config/get-app-config';
import { useSession } from '../../../lib/session';
import { useInvite } from '../api/invite';
import { EnterCodeForm } from '../components/enter-code-form';
import { InviteRecordList } from '../components/invite-record';
import { OwnCode } from '../components/own-code';
import './invite-page.css';

/**
 * Invite (custom bar): own code with copy and share, the enter-code form, the invite
 * record and the rules, with the numbers of GET /invite (the app config's until it answers, and
 * for a visitor).
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { signedIn, userInfo } = useSession();
  const config = useRewardConstants();
  const invite = useInvite({ enabled: signedIn });
  const data = signedIn ? invite.data : undefined;
  const rules = data?.rules ?? {
    window_days: config.invite_window_days,
    max_invites: config.max_invites,
    inviter_reward: config.invite_friend,
    invitee_reward: null,
  };
  const closed = data && !data.can_enter_code ? { inviter: data.inviter?.nickname ?? null } : null;

  return (
    <>
      <NavBar kind="custom" title={t('titles.invite')} showBack className="invite-bar" />
      <div className="page-body">
        <OwnCode
          code={signedIn ? (data?.invite_code ?? userInfo?.invite_code ?? null) : null}
          counts={data ? { invited: data.invited_count, max: data.rules.max_invites, earned: data.earned } : null}
        />
        {signedIn && invite.isError && (
          <LoadError error={invite.error} onRetry={() => void invite.refetch()} testId="invite-error" />
        )}
        <EnterCodeForm closed={closed} />
        <InviteRecordList records={data?.records ?? []} loading={signedIn && invite.isPending} />
        <Section title={t('invite.rulesTitle')} testId="invite-rules">
          <ol className="invite-rules">
            <li>{t('invite.ruleNewUser')}</li>
            <li>{t('invite.ruleWindow', { days: rules.window_days })}</li>
            <li>{t('invite.ruleLimit', { max: rules.max_invites })}</li>
            <li>{t('invite.ruleReward', { points: rules.inviter_reward })}</li>
            {rules.invitee_reward !== null && (
              <li>{t('invite.ruleWelcome', { points: rules.invitee_reward })}</li>
            )}
          </ol>
        </Section>
      </div>
    </>
  );
}
