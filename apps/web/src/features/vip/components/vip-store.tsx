import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckIcon, CrownIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/section';
import { formatMoney } from '../../../lib/format-money';
import { useInAppPurchase } from '../../../lib/iap/iap-context';
import { vipStoreHref } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { formatDate } from '../../../lib/format-date';
import { useMemberPlans } from '../api/get-member-types';
import { nextChargeAfter, runningVipEnd } from '../plan-change';
import { renewingSubscription, useMembership } from '../api/get-membership';
import { useBuy } from '../../../lib/payments/use-buy';
import { useCardPayments } from '../hooks/use-card-payments';
import { MembershipCard } from './membership-card';
import { PlanPicker } from './plan-picker';
import './vip-store.css';

/**
 * The VIP tab: the benefits (docs/product.md#what-the-product-does), the viewer's membership with its
 * management, and the plans. The price, the period and the automatic renewal are written next to the button,
 * before the tap. A renewing subscriber gets the management instead of another plan (the server would refuse
 * it with Code.SUBSCRIPTION_EXISTS).
 */
export function VipStore() {
  const { t, i18n } = useTranslation();
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const plans = useMemberPlans();
  const membership = useMembership({ enabled: signedIn });
  const cardPayments = useCardPayments();
  const iap = useInAppPurchase();
  const { buy, busy } = useBuy();
  const [chosen, setChosen] = useState(params.get('plan'));
  const termsId = useId();

  const list = plans.data ?? [];
  const plan = list.find((p) => p.id === chosen) ?? list.find((p) => p.period === 'month') ?? list[0];
  const renewing = signedIn ? renewingSubscription(membership.data) : null;
  // Until the membership is known a renewing subscriber could tap buy and meet Code.SUBSCRIPTION_EXISTS.
  const membershipUnknown = signedIn && membership.isPending;
  const benefits = [t('vip.unlockAll'), t('vip.adFree'), t('vip.latestOffers')];
  const member = signedIn && membership.data?.active === true;
  const now = new Date();
  const runningEnd = signedIn ? runningVipEnd(membership.data, now) : null;
  const date = (iso: string) => formatDate(iso, i18n.language);

  let plansBody;
  if (plans.isPending) plansBody = <Loading />;
  else if (plans.isError) {
    plansBody = <LoadError error={plans.error} onRetry={() => void plans.refetch()} testId="vip-plans-error" />;
  } else if (!plan) plansBody = <EmptyState text={t('common.noRecords')} />;
  else if (renewing) {
    // A second subscription is refused while this one renews: the other plans are shown for what
    // they cost, and the way to one of them is said as it is.
    const end = renewing.current_period_end;
    const others = list.filter((other) => other.id !== renewing.plan);
    plansBody = (
      <div className="vip-other-plans" data-testid="vip-subscribed">
        <ul className="vip-other-plans__list" data-testid="vip-other-plans">
          {others.map((other) => (
            <li key={other.id} data-testid={`vip-other-plan-${other.id}`}>
              <span>{t(`vip.${other.period}`)}</span>
              <span className="vip-other-plans__price">
                {t(`vip.pricePer.${other.period}`, {
                  price: iap.priceOf(other.id) ?? formatMoney(other.price_cents, other.currency, i18n.language),
                })}
              </span>
            </li>
          ))}
        </ul>
        <p className="vip-subscribed">
          {end ? t('vip.change.howTo', { date: date(end) }) : t('vip.member.alreadySubscribed')}
        </p>
      </div>
    );
  } else {
    // Inside the iOS app the App Store's price (the viewer's storefront and currency) is what is charged.
    const price = iap.priceOf(plan.id) ?? formatMoney(plan.price_cents, plan.currency, i18n.language);
    const terms = runningEnd
      ? t('vip.change.afterCurrent', {
          price,
          end: date(runningEnd),
          duration: t(`vip.duration.${plan.period}`),
          next: date(nextChargeAfter(plan.period, now).toISOString()),
        })
      : t(`vip.renewal.${plan.period}`, { price });
    plansBody = (
      <>
        <PlanPicker plans={list} value={plan.id} onChange={setChosen} />
        <div className="vip-checkout" data-testid="vip-checkout">
          <p className="vip-checkout__terms" id={termsId} data-testid="vip-terms">
            {terms}
          </p>
          <Button
            block
            disabled={!cardPayments || busy || membershipUnknown}
            aria-describedby={termsId}
            onClick={() => buy(plan.id, vipStoreHref(plan.id))}
            data-testid="vip-buy"
          >
            {!cardPayments
              ? t('store.notConfigured')
              : busy
                ? t('store.openingCheckout')
                : runningEnd
                  ? t('vip.change.buy', { price })
                  : t('vip.subscribe', { price })}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <div className="vip-hero">
        <div className="vip-hero__head">
          <CrownIcon size={32} />
          <h2 className="vip-hero__headline" data-testid="vip-headline">
            {member ? t('vip.headlineMember') : t('vip.headline')}
          </h2>
        </div>
        <ul className="vip-benefits" data-testid="vip-benefits" aria-label={t('vip.benefitsTitle')}>
          {benefits.map((benefit) => (
            <li key={benefit} className="vip-benefit">
              <CheckIcon size={18} />
              {benefit}
            </li>
          ))}
        </ul>
      </div>
      {membership.data && signedIn && <MembershipCard membership={membership.data} />}
      {membership.isError && signedIn && (
        <LoadError error={membership.error} onRetry={() => void membership.refetch()} testId="vip-membership-error" />
      )}
      <Section title={member ? t('vip.otherPlansTitle') : t('vip.plansTitle')} testId="vip-plans">
        {plansBody}
      </Section>
    </>
  );
}
