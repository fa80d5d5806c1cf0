import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { FailureIcon, SuccessIcon } from '../../../components/ui/icons';
import { NavBar } from '../../../components/ui/nav-bar';
import { PATHS } from '../../../lib/paths';
import './payment-result-page.css';

/** The order the card provider sent back, if any (`order_id`, else the checkout `session_id`). */
function useOrderId(): string | null {
  const [params] = useSearchParams();
  return params.get('order_id') || params.get('session_id');
}

/** Where card checkout ends when it succeeded (spec §1/§2, custom bar). */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const orderId = useOrderId();
  return (
    <>
      <NavBar kind="custom" title={t('titles.paymentSuccess')} showBack />
      <div className="page-body payment-result" data-testid="payment-success">
        <SuccessIcon size={64} className="payment-result__icon payment-result__icon--ok" />
        <h2 className="payment-result__headline">{t('payment.successHeadline')}</h2>
        <p className="payment-result__body">{t('payment.successBody')}</p>
        {orderId && <p className="payment-result__order">{t('payment.orderId', { id: orderId })}</p>}
        <div className="payment-result__actions">
          <Link className={buttonClassName('primary')} to={PATHS.wallet} replace>
            {t('payment.viewWallet')}
          </Link>
          <Link className={buttonClassName('secondary')} to={PATHS.home} replace>
            {t('common.backToHome')}
          </Link>
        </div>
      </div>
    </>
  );
}

/** Where card checkout ends when it failed or was cancelled. */
export function PaymentFailedPage() {
  const { t } = useTranslation();
  const orderId = useOrderId();
  return (
    <>
      <NavBar kind="custom" title={t('titles.paymentFailed')} showBack />
      <div className="page-body payment-result" data-testid="payment-failed" role="alert">
        <FailureIcon size={64} className="payment-result__icon payment-result__icon--failed" />
        <h2 className="payment-result__headline">{t('payment.failedHeadline')}</h2>
        <p className="payment-result__body">{t('payment.failedBody')}</p>
        {orderId && <p className="payment-result__order">{t('payment.orderId', { id: orderId })}</p>}
        <div className="payment-result__actions">
          <Link className={buttonClassName('primary')} to={PATHS.vip} replace>
            {t('payment.tryAgain')}
          </Link>
          <Link className={buttonClassName('secondary')} to={PATHS.home} replace>
            {t('common.backToHome')}
          </Link>
        </div>
      </div>
    </>
  );
}
