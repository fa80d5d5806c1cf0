import type { Membership, Subscription } from '@cliffhanger/contract/browser';
import type { TFunction } from '../../../lib/i18n';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CrownIcon } from '../../../components/ui/icons';
import { messageForError } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';
import { showToast } from '../../../lib/toast';
import { useBillingPortal, useChangeSubscription } from '../api/manage-subscription';
import './membership-card.css';

/**
 * The viewer's VIP: until when, and for a subscription what it costs, when it renews or ends,
 * and the way out in one tap (cancel at period end, with the end date said before confirming),
 * the way back (resume) and Stripe's billing portal.
 */
export function MembershipCard({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation();
  const { subscription } = membership;
  if (!membership.active && !subscription) return null;
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
  return (
    <section className="membership" data-testid="vip-membership" aria-label={t('vip.member.title')}>
      <div className="membership__head">
        <CrownIcon size={28} />
        <div className="membership__who">
          <p className="membership__title">
            {subscription ? t(`vip.${subscription.period}`) : t('vip.member.title')}
            {membership.active && <span className="membership__badge">{t('vip.member.active')}</span>}
          </p>
          {subscription && (
            <p className="membership__price" data-testid="vip-membership-price">
              {t(`vip.pricePer.${subscription.period}`, {
                price: formatMoney(subscription.price_cents, subscription.currency, i18n.language),
              })}
            </p>
          )}
        </div>
      </div>
      <p className="membership__status" data-testid="vip-membership-status">
        {statusLine(membership, date, t)}
      </p>
      {subscription?.status === 'past_due' && (
        <p className="membership__warning" role="status">
          {t('vip.member.pastDue')}
        </p>
      )}
      {subscription && <ManageSubscription subscription={subscription} endsOn={date(subscription.current_period_end)} />}
    </section>
  );
}

function statusLine(membership: Membership, date: (iso: string | null) => string, t: TFunction): string {
  const { subscription } = membership;
  const end = subscription?.current_period_end ?? membership.expires_at;
  if (!end) return t('vip.member.active');
  if (subscription && !subscription.cancel_at_period_end && membership.active) {
    return t('vip.member.renewsOn', { date: date(end) });
  }
  if (subscription) return t('vip.member.endsOn', { date: date(end) });
  return t('vip.member.until', { date: date(end) });
}

function ManageSubscription({ subscription, endsOn }: { subscription: Subscription; endsOn: string }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const cancel = useChangeSubscription('cancel');
  const resume = useChangeSubscription('resume');
  const portal = useBillingPortal();
  const fail = (error: unknown) => showToast(messageForError(error, t));

  if (!subscription.manageable) {
    return <p className="membership__note">{t('vip.member.appleManaged')}</p>;
  }
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (membership) => {
        setConfirming(false);
        const end = membership.subscription?.current_period_end ?? membership.expires_at;
        showToast(
          end ? t('vip.member.cancelledUntil', { date: formatDate(end, i18n.language) }) : t('vip.member.cancelled'),
        );
      },
      onError: (error) => {
        setConfirming(false);
        fail(error);
      },
    });
  const leaving = portal.isPending || portal.isSuccess;

  return (
    <>
      <div className="membership__actions">
        {subscription.cancel_at_period_end ? (
          <Button
            onClick={() =>
              resume.mutate(undefined, { onSuccess: () => showToast(t('vip.member.resumed')), onError: fail })
            }
            disabled={resume.isPending}
            data-testid="vip-resume"
          >
            {t('vip.member.resume')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="vip-cancel">
            {t('vip.member.cancel')}
          </Button>
        )}
        <Button
          variant="ghost"
          className="membership__portal"
          onClick={() => portal.mutate(undefined, { onError: fail })}
          disabled={leaving}
          data-testid="vip-manage-billing"
        >
          {t('vip.member.manageBilling')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('vip.member.cancelTitle')}
        message={endsOn ? t('vip.member.cancelMessage', { date: endsOn }) : t('vip.member.cancelMessageNoDate')}
        confirmLabel={t('vip.member.cancel')}
        cancelLabel={t('vip.member.keep')}
        destructive
        busy={cancel.isPending}
        onConfirm={onCancel}
        onCancel={() => setConfirming(false)}
        testId="vip-cancel-dialog"
      />
    </>
  );
}
