import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { useCurrentPath } from '../../lib/require-login';
import { loginHref } from '../../lib/return-to';
import { buttonClassName } from './button';
import { UserIcon } from './icons';
import './login-required.css';

/**
 * What a visitor sees on a page that needs an account (docs/product.md#roles) — 'Please login first' and a
 * sign-in button that brings them back here (path and query) afterwards. The page keeps its own
 * route and bar, so a shared link still lands where it points once signed in.
 */
export function LoginRequired({ message }: { message?: string }) {
  const { t } = useTranslation();
  const here = useCurrentPath();
  return (
    <div className="login-required" data-testid="login-required">
      <span className="login-required__icon">
        <UserIcon size={40} />
      </span>
      <p className="login-required__title">{t('common.pleaseLogin')}</p>
      {message && <p className="login-required__message">{message}</p>}
      <Link className={buttonClassName('primary')} to={loginHref(here)} data-testid="login-required-sign-in">
        {t('common.signIn')}
      </Link>
    </div>
  );
}
