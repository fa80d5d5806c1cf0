import type { OrderTimelineEntry } from '@cliffhanger/contract/console';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';
import { channelLabel, refundStatusLabel } from './order-labels';
import { dollarsOf } from './money';

function textOf(step: OrderTimelineEntry): { text: string; detail?: string } {
  switch (step.kind) {
    case 'created':
      return { text: t('orders.timeline.created') };
    case 'provider_event':
      return {
        text: t('orders.timeline.event', {
          provider: channelLabel(step.provider),
          type: step.type,
          outcome: step.outcome,
        }),
        detail: t('orders.timeline.eventId', { id: step.event_id }),
      };
    case 'coins':
      return {
        text: t('orders.timeline.coins', {
          id: step.entry_id,
          kind: step.wallet_kind,
          amount: step.amount > 0 ? `+${step.amount}` : String(step.amount),
          balance: step.balance_after,
        }),
        detail: t('orders.timeline.key', { key: step.key }),
      };
    case 'vip':
      return {
        text: t('orders.timeline.vip', {
          id: step.entry_id,
          kind: step.vip_kind,
          seconds: step.seconds > 0 ? `+${step.seconds}` : String(step.seconds),
          until: utcTime(step.expires_after),
        }),
        detail: t('orders.timeline.key', { key: step.key }),
      };
    case 'refund': {
      const vars = { id: step.refund_id, amount: dollarsOf(step.amount_cents), status: refundStatusLabel(step.status) };
      return {
        text:
          step.operator_email === null
            ? t('orders.timeline.refundDashboard', vars)
            : t('orders.timeline.refund', { ...vars, who: step.operator_email }),
      };
    }
  }
}

/** What happened to an order, oldest first. */
export function OrderTimeline({ steps }: { steps: readonly OrderTimelineEntry[] }) {
  return (
    <ol className="timeline" aria-label={t('orders.timeline.title')}>
      {steps.map((step, index) => {
        const { text, detail } = textOf(step);
        return (
          <li key={`${step.kind}-${index}`} className="timeline__step">
            <time dateTime={step.at} className="timeline__at">
              {utcTime(step.at)}
            </time>
            <span>{text}</span>
            {detail && <code className="timeline__detail">{detail}</code>}
          </li>
        );
      })}
    </ol>
  );
}
