import { CATALOGUE_REASON_MAX, type ConsoleDramaRow } from '@cliffhanger/contract/console';
import type { ReasonText } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

/** The drama's release in words: its status, and when for a scheduled or published one. */
export function releaseText(drama: Pick<ConsoleDramaRow, 'status' | 'published_at'>): string {
  if (drama.published_at === null || drama.status === 'not_published') return t('catalogue.status.not_published');
  const time = utcTime(drama.published_at);
  return drama.status === 'scheduled'
    ? t('catalogue.status.scheduledAt', { time })
    : t('catalogue.status.publishedAt', { time });
}

export function pricingText(drama: Pick<ConsoleDramaRow, 'free_episodes' | 'episode_price' | 'all_price'>): string {
  return t('catalogue.pricing.summary', {
    free: drama.free_episodes,
    price: drama.episode_price,
    all: drama.all_price,
  });
}

/** The catalogue's reason field (optional, so no missing text), as long as the contract allows. */
export const CATALOGUE_REASON_FIELD = {
  text: { label: 'catalogue.form.reason', hint: 'catalogue.form.reasonHint' },
  maxLength: CATALOGUE_REASON_MAX,
} as const satisfies { text: ReasonText; maxLength: number };
