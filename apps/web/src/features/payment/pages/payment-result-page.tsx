import type { Order } from '@cliffhanger/contract/browser';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { AlertIcon, FailureIcon, SuccessIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { LoginRequired } from '../../../components/ui/login-required';
import { NavBar } from '../../../components/ui/nav-bar';
import { NetworkIssueNotice } from '../../../components/ui/network-issue-notice';
import { formatDate } from '../../../lib/format-date';
import { coinStoreHref, PATHS, videoHref, vipStoreHref } from '../../../lib/paths';
import { peekPendingUnlock } from '../../../lib/payments/pending-unlock';
import { useViewport } from '../../../lib/viewport';
import { useSession } from '../../../lib/session';
import { isOrderNotFound, isSettled, orderIdFrom, useOrder } from '../api/get-order';
import { useApplyCredit, useTakingLong } from '../hooks/use-apply-credit';
import './payment-result-page.css';

/** After this long still unconfirmed, the page says it may take a few minutes. */
const SLOW_CONFIRMATION_MS = 60_000;

/** Back to the store tab the order came from, with its product chosen again. */
function storeHrefFor(order: Order | undefined): string {
  if (!order) return PATHS.vip;
  return order.kind === 'coins' ? coinStoreHref(order.product) : vipStoreHref(order.product);
}

function useOrderParam() {
  const [params] = useSearchParams();
  const raw = params.get('order');
  return { orderId: orderIdFrom(raw), raw };
}

/** Replaces the result page in history, so Back does not land on it again. */
function ResultLink({ to, label, primary, testId }: { to: string; label: string; primary?: boolean; testId?: string }) {
  return (
    <Link className={buttonClassName(primary ? 'primary' : 'secondary')} to={to} replace data-testid={testId}>
      {label}
    </Link>
  );
}

type Tone = 'ok' | 'failed' | 'pending' | 'neutral';

function ResultView({
  tone,
  state,
  headline,
  children,
  actions,
  testId,
}: {
  tone: Tone;
  state: string;
  headline: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  const icon = {
    ok: <SuccessIcon size={64} className="payment-result__icon payment-result__icon--ok" />,
    failed: <FailureIcon size={64} className="payment-result__icon payment-result__icon--failed" />,
    pending: <span className="payment-result__spinner" aria-hidden="true" />,
    neutral: <AlertIcon size={56} className="payment-result__icon payment-result__icon--neutral" />,
  }[tone];
  return (
    <div
      className="payment-result"
      data-testid={testId}
      data-state={state}
      role={tone === 'failed' ? 'alert' : 'status'}
      aria-busy={tone === 'pending'}
    >
      {icon}
      <h2 className="payment-result__headline" data-testid="payment-headline">
        {headline}
      </h2>
      {children}
      {actions && <div className="payment-result__actions">{actions}</div>}
    </div>
  );
}

function NotFound({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <ResultView
      tone="neutral"
      state="not-found"
      headline={t('payment.notFound')}
      testId={testId}
      actions={<ResultLink primary to={PATHS.home} label={t('common.backToHome')} />}
    >
      <p className="payment-result__body">{t('payment.notFoundBody')}</p>
    </ResultView>
  );
}

function Failed({ order, testId }: { order: Order | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <ResultView
      tone="failed"
      state="failed"
      headline={t('payment.failedHeadline')}
      testId={testId}
      actions={
        <>
          <ResultLink primary to={storeHrefFor(order)} label={t('payment.tryAgain')} testId="payment-try-again" />
          <ResultLink to={PATHS.home} label={t('common.backToHome')} />
        </>
      }
    >
      <p className="payment-result__body">{t('payment.failedBody')}</p>
    </ResultView>
  );
}

function Fulfilled({ order, balanceFresh }: { order: Order; balanceFresh: boolean }) {
  const { t, i18n } = useTranslation();
  const { userInfo } = useSession();
  const { isMobile } = useViewport();
  const coins = order.kind === 'coins';
  // Bought from the unlock dialog: the way back to that episode comes first (it unlocks there).
  const [pending] = useState(peekPendingUnlock);
  return (
    <ResultView
      tone="ok"
      state="fulfilled"
      headline={t('payment.successHeadline')}
      testId="payment-success"
      actions={
        pending ? (
          <>
            <ResultLink
              primary
              to={videoHref(isMobile, pending.dramaId, pending.episodeId)}
              label={t('payment.backToEpisode', { number: pending.episodeNumber })}
              testId="payment-back-to-episode"
            />
            <ResultLink
              to={coins ? PATHS.wallet : PATHS.vip}
              label={t(coins ? 'payment.viewWallet' : 'payment.viewMembership')}
            />
          </>
        ) : coins ? (
          <>
            <ResultLink primary to={PATHS.wallet} label={t('payment.viewWallet')} testId="payment-view-wallet" />
            <ResultLink to={PATHS.home} label={t('common.backToHome')} />
          </>
        ) : (
          <>
            <ResultLink primary to={PATHS.home} label={t('payment.startWatching')} testId="payment-start-watching" />
            <ResultLink to={PATHS.vip} label={t('payment.viewMembership')} />
          </>
        )
      }
    >
      <p className="payment-result__credit" data-testid="payment-credit">
        {coins
          ? t('payment.coinsCredited', { coins: order.coins_credited })
          : order.vip_expires_at
            ? t('payment.vipUntil', { date: formatDate(order.vip_expires_at, i18n.language) })
            : t('me.vipActive')}
      </p>
      {coins && balanceFresh && userInfo && (
        <p className="payment-result__body" data-testid="payment-balance">
          {t('payment.newBalance', { coin: userInfo.coin })}
        </p>
      )}
    </ResultView>
  );
}

/**
 * Where Stripe Checkout returns after paying (`?order=`). Paying is not yet being credited: the
 * webhook does that, so the page asks for the order (1 s, then less often, up to 5 s) until it
 * settles, then shows what was credited and refreshes the balance and VIP everywhere.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const { orderId, raw } = useOrderParam();
  const { signedIn } = useSession();
  const order = useOrder(orderId, { poll: true, enabled: signedIn });
  const pending = signedIn && orderId !== null && !isSettled(order.data) && !order.isError;
  const slow = useTakingLong(pending, SLOW_CONFIRMATION_MS);
  const balanceFresh = useApplyCredit(order.data);
  const notFound = raw !== null ? orderId === null || isOrderNotFound(order.error) : true;

  let body: ReactNode;
  if (!signedIn) body = <LoginRequired />;
  else if (notFound) body = <NotFound testId="payment-success" />;
  else if (order.data?.status === 'fulfilled') body = <Fulfilled order={order.data} balanceFresh={balanceFresh} />;
  else if (order.data?.status === 'failed' || order.data?.status === 'canceled') {
    body = <Failed order={order.data} testId="payment-success" />;
  } else if (order.data?.status === 'refunded') {
    body = <ResultView tone="neutral" state="refunded" headline={t('payment.refunded')} testId="payment-success" />;
  } else if (order.isError && !order.data) {
    body = <LoadError error={order.error} onRetry={() => void order.refetch()} testId="payment-error" />;
  } else {
    body = (
      <ResultView
        tone="pending"
        state="processing"
        headline={t('payment.processing')}
        testId="payment-success"
        actions={slow && <ResultLink to={PATHS.home} label={t('common.backToHome')} />}
      >
        <p className="payment-result__body">{t('payment.processingBody')}</p>
        {slow && (
          <p className="payment-result__slow" data-testid="payment-slow">
            {t('payment.slow')}
          </p>
        )}
      </ResultView>
    );
  }

  return (
    <>
      <NavBar kind="custom" title={t('titles.paymentSuccess')} showBack />
      <div className="page-body">
        {body}
        <NetworkIssueNotice orderId={notFound ? null : orderId} />
      </div>
    </>
  );
}

/**
 * Where Stripe Checkout returns when the viewer backed out or the card was declined. Nothing was
 * charged; "Try again" goes back to the store tab of that order's product.
 */
export function PaymentFailedPage() {
  const { t } = useTranslation();
  const { orderId, raw } = useOrderParam();
  const { signedIn } = useSession();
  const order = useOrder(orderId, { poll: false, enabled: signedIn });
  const notFound = signedIn && ((raw !== null && orderId === null) || isOrderNotFound(order.error));
  return (
    <>
      <NavBar kind="custom" title={t('titles.paymentFailed')} showBack />
      <div className="page-body">
        {notFound ? <NotFound testId="payment-failed" /> : <Failed order={order.data} testId="payment-failed" />}
        <NetworkIssueNotice orderId={notFound ? null : orderId} />
      </div>
    </>
  );
}
