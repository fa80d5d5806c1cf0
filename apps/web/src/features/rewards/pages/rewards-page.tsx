import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/icons';
import { useRewardConstants } from '../../../lib/app-config/get-app-config';
import { useCurrentPath } from '../../../lib/require-login';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { CheckinStrip } from '../components/checkin-strip';
import { TaskList } from '../components/task-list';
import './rewards-page.css';

/** Rewards (spec §2): coin balance, the 7-day check-in and the tasks, amounts from app config. */
export function RewardsPage() {
  const { t } = useTranslation();
  const { userInfo, signedIn } = useSession();
  const rewards = useRewardConstants();
  const here = useCurrentPath();
  return (
    <div className="page-body">
      <div className="rewards-balance" data-testid="rewards-balance">
        <div>
          <p className="rewards-balance__label">{t('rewards.balance')}</p>
          <p className="rewards-balance__value">
            <CoinIcon size={26} />
            <span data-testid="rewards-balance-value">{userInfo?.coin ?? 0}</span>
          </p>
        </div>
        {!signedIn && (
          <Link className={buttonClassName('primary', false, true)} to={loginHref(here)} data-testid="rewards-sign-in">
            {t('common.signIn')}
          </Link>
        )}
      </div>
      <CheckinStrip
        days={rewards.checkin_cycle_days}
        points={rewards.daily_checkin}
        validityDays={rewards.checkin_validity_days}
      />
      <TaskList watchVideo={rewards.watch_video} shareApp={rewards.share_app} inviteFriend={rewards.invite_friend} />
    </div>
  );
}
