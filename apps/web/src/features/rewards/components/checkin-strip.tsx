import type { CheckinDay } from '@cliffhanger/contract/browser';
import { useTranslation } from '../../../lib/use-translation';
import { CheckIcon, CoinIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import './checkin-strip.css';

/**
 * The 7-day check-in cycle as the server counts it (docs/rewards.md#check-in-post-taskcheckin), each day with
 * its reward and whether it is done, today (not yet checked in) or ahead. The check-in itself happens
 * silently at launch; this only shows it.
 */
export function CheckinStrip({ strip, validityDays }: { strip: readonly CheckinDay[]; validityDays: number }) {
  const { t } = useTranslation();
  const current = strip.find((day) => day.state === 'today') ?? strip.findLast((day) => day.state === 'done');
  return (
    <Section title={t('rewards.checkinTitle')} testId="checkin-strip">
      {current && (
        <p className="checkin__hint" data-testid="checkin-today">
          {t('rewards.dailyLogin', { points: current.reward })}
        </p>
      )}
      <ol className="checkin__days">
        {strip.map(({ day, reward, state }) => (
          <li
            key={day}
            className={`checkin__day checkin__day--${state}`}
            data-testid={`checkin-day-${day}`}
            data-state={state}
            aria-current={state === 'today' || (state === 'done' && day === current?.day) ? 'date' : undefined}
          >
            <span className="checkin__day-label">{t('rewards.day', { day })}</span>
            {state === 'done' ? <CheckIcon size={22} /> : <CoinIcon size={22} />}
            <span className="checkin__day-reward">{t('rewards.dayReward', { points: reward })}</span>
            <span className="visually-hidden">{t(`rewards.dayState.${state}`)}</span>
          </li>
        ))}
      </ol>
      <p className="checkin__note">{t('rewards.checkinHint')}</p>
      <p className="checkin__note">{t('rewards.checkinValidity', { days: validityDays })}</p>
    </Section>
  );
}
