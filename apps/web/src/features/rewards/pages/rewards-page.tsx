import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { CoinIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { useRewardConstants } from '../../../lib/app-config/get-app-config';
import { useCurrentPath } from '../../../lib/require-login';
import { coinStoreHref } from '../../../lib/paths';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { useTasks } from '../api/get-tasks';
import { CheckinStrip } from '../components/checkin-strip';
import { RewardedAdCard } from '../components/rewarded-ad-card';
import { TaskList } from '../components/task-list';
import { placeholderOverview } from '../placeholder-overview';
import './rewards-page.css';

/**
 * Rewards (docs/product.md#screen-contents): the coin balance (the stored one, which every wallet answer
 * updates), the 7-day check-in strip and the tasks as the server counts them (GET /task), and a rewarded ad.
 */
export function RewardsPage() {
  const { t } = useTranslation();
  const { userInfo, signedIn } = useSession();
  const rewards = useRewardConstants();
  const here = useCurrentPath();
  const overview = useTasks();
  const placeholder = placeholderOverview(rewards);
  const strip = overview.data?.checkin.strip ?? placeholder.strip;
  const tasks = overview.data?.tasks ?? placeholder.tasks;
  return (
    <div className="page-body">
      <div className="rewards-balance" data-testid="rewards-balance">
        <div>
          <p className="rewards-balance__label">{t('rewards.balance')}</p>
          <p className="rewards-balance__value">
            <CoinIcon size={26} />
            <span data-testid="rewards-balance-value">{signedIn ? (userInfo?.coin ?? 0) : 0}</span>
          </p>
        </div>
        {signedIn ? (
          <Link className={buttonClassName('primary', false, true)} to={coinStoreHref()} data-testid="rewards-buy-coins">
            {t('rewards.buyCoins')}
          </Link>
        ) : (
          <Link className={buttonClassName('primary', false, true)} to={loginHref(here)} data-testid="rewards-sign-in">
            {t('common.signIn')}
          </Link>
        )}
      </div>
      {overview.isError && signedIn && (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} testId="rewards-error" />
      )}
      <CheckinStrip strip={strip} validityDays={rewards.checkin_validity_days} />
      <TaskList tasks={tasks} />
      <RewardedAdCard />
    </div>
  );
}
