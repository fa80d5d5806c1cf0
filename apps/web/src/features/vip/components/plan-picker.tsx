import type { MemberPlan } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { formatMoney } from '../../../lib/format-money';
import { useInAppPurchase } from '../../../lib/iap/iap-context';
import './plan-picker.css';

/**
 * The VIP plans as a radio group: each card shows the plan, its price and what that comes to per
 * week, so plans of different lengths compare at a glance before anything is tapped.
 */
export function PlanPicker({
  plans,
  value,
  onChange,
}: {
  plans: readonly MemberPlan[];
  value: string;
  onChange: (planId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const iap = useInAppPurchase();
  return (
    <div className="plan-picker" role="radiogroup" aria-label={t('vip.plansTitle')} data-testid="vip-plan-list">
      {plans.map((plan) => {
        const selected = plan.id === value;
        // Inside the iOS app the App Store's price; the per-week figure, worked out from our USD
        // price, would be in another currency there, so it is left out.
        const appStorePrice = iap.priceOf(plan.id);
        return (
          <label
            key={plan.id}
            className={selected ? 'plan-card is-selected' : 'plan-card'}
            data-testid={`vip-plan-${plan.id}`}
            data-selected={selected}
          >
            <input
              type="radio"
              name="vip-plan"
              className="visually-hidden"
              value={plan.id}
              checked={selected}
              onChange={() => onChange(plan.id)}
            />
            <span className="plan-card__name">{t(`vip.${plan.period}`)}</span>
            <span className="plan-card__price" data-role="plan-price">
              {appStorePrice ?? formatMoney(plan.price_cents, plan.currency, i18n.language)}
            </span>
            {!appStorePrice && (
              <span className="plan-card__per-week" data-role="plan-per-week">
                {t('vip.perWeek', { price: formatMoney(plan.price_per_week_cents, plan.currency, i18n.language) })}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
