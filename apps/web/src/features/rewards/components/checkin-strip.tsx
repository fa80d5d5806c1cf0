import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import './checkin-strip.css';

/** Spec §4/§9: a 7-day check-in cycle, each day worth the daily amount. */
export function CheckinStrip({ days, points, validityDays }: { days: number; points: number; validityDays: number }) {
  const { t } = useTranslation();
  return (
    <Section title={t('rewards.checkinTitle')} testId="checkin-strip">
      <p className="checkin__hint">{t('rewards.dailyLogin', { points })}</p>
      <ol className="checkin__days">
        {Array.from({ length: days }, (_, index) => (
          <li key={index} className="checkin__day" data-testid={`checkin-day-${index + 1}`}>
            <span className="checkin__day-label">{t('rewards.day', { day: index + 1 })}</span>
            <CoinIcon size={22} />
            <span className="checkin__day-reward">{t('rewards.dayReward', { points })}</span>
          </li>
        ))}
      </ol>
      <p className="checkin__note">{t('rewards.checkinHint')}</p>
      <p className="checkin__note">{t('rewards.checkinValidity', { days: validityDays })}</p>
    </Section>
  );
}
