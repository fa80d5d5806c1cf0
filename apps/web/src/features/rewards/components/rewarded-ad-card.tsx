import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { PlayIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { useRequireLogin } from '../../../lib/require-login';
import { useSession } from '../../../lib/session';
import { useRewardedAd } from '../api/rewarded-ad';
import { useWatchRewardedAd } from '../hooks/use-watch-rewarded-ad';
import { RewardedAdDialog } from './rewarded-ad-dialog';
import './rewarded-ad-card.css';

/**
 * Watch an ad for coins, up to a daily cap shown on the card
 * (docs/rewards.md#ads-get-adsnext-post-adsreward). VIP members see no ads, so no card either; a visitor is
 * asked to log in.
 */
export function RewardedAdCard() {
  const { t } = useTranslation();
  const { signedIn, userInfo } = useSession();
  const vip = userInfo?.vip.active === true;
  const requireLogin = useRequireLogin();
  const next = useRewardedAd({ enabled: signedIn && !vip });
  const watch = useWatchRewardedAd();
  if (vip) return null;

  const data = signedIn ? next.data : undefined;
  const capReached = data !== undefined && data.rewarded_daily_cap > 0 && data.rewarded_today >= data.rewarded_daily_cap;
  const reward = data?.ad?.reward ?? null;
  const available = !signedIn || (data?.ad?.token != null && !capReached);

  const onWatch = () => {
    if (!requireLogin()) return;
    void watch.start();
  };

  return (
    <Section title={t('ads.rewardedSection')} testId="rewarded-ad-card">
      <div className="rewarded-card">
        <span className="rewarded-card__icon">
          <PlayIcon size={22} />
        </span>
        <span className="rewarded-card__text">
          <span data-testid="rewarded-ad-offer">
            {reward === null ? t('ads.watchForCoinsShort') : t('ads.watchForCoins', { coins: reward })}
          </span>
          {data && data.rewarded_daily_cap > 0 && (
            <span className="rewarded-card__cap" data-testid="rewarded-ad-cap">
              {capReached
                ? t('ads.capReached')
                : t('ads.capToday', { done: data.rewarded_today, cap: data.rewarded_daily_cap })}
            </span>
          )}
        </span>
        <Button small onClick={onWatch} disabled={!available || watch.busy} data-testid="rewarded-ad-watch">
          {t('ads.watch')}
        </Button>
      </div>
      {watch.playing && (
        <RewardedAdDialog ad={watch.playing} onFinished={() => void watch.finish()} onClose={watch.close} />
      )}
    </Section>
  );
}
