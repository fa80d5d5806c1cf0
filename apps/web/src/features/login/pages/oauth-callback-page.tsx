import { isAppOAuthState, type OAuthProvider } from '@cliffhanger/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { FailureIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { NavBar } from '../../../components/ui/nav-bar';
import { messageForError } from '../../../lib/error-message';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { appSchemeUrl, isNativeShell } from '../../../lib/native-shell';
import { PATHS } from '../../../lib/paths';
import { forgetReturnTo, loginHref, peekReturnTo } from '../../../lib/return-to';
import { showToast } from '../../../lib/toast';
import { exchangeOAuthCode } from '../api/post-oauth-callback';
import { PROVIDERS } from '../providers';
import './oauth-callback-page.css';

/**
 * A sign-in the app started comes back here in Safari (the provider's redirect), which shares
 * nothing with the app's web view: the whole callback goes on to the app through its URL scheme,
 * where this same page finishes it with the binder the app kept. A link retries the hand-off in
 * case Safari did not follow the automatic one.
 */
function ReturnToApp() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const href = appSchemeUrl(`${pathname}${search}`);
  const handedOff = useRef(false);

  useEffect(() => {
    // Once per page, also under StrictMode's second effect run.
    if (handedOff.current) return;
    handedOff.current = true;
    goToExternalUrl(href);
  }, [href]);

  return (
    <div className="oauth__result" data-testid="oauth-return-to-app">
      <h2 className="oauth__headline">{t('oauth.returningToApp')}</h2>
      <p className="oauth__body">{t('oauth.returningToAppHint')}</p>
      <a className={buttonClassName('primary')} href={href} data-testid="oauth-open-app">
        {t('oauth.openApp')}
      </a>
    </div>
  );
}

/**
 * Where a provider sends the viewer back (custom bar) with `code` and `state`, or with
 * `error` when the viewer declined. A sign-in the app started, reaching a browser, is handed to
 * the app (ReturnToApp). Otherwise the exchange (POST /auth/oauth/{provider}/callback) runs once,
 * then the viewer goes where the sign-in started, replacing this page in the history.
 */
function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const handOff = state !== null && isAppOAuthState(state) && !isNativeShell();
  return (
    <>
      <NavBar kind="custom" title={t(`titles.${provider}Login`)} showBack />
      <div className="page-body oauth" data-testid="oauth-callback">
        {handOff ? <ReturnToApp /> : <OAuthExchange provider={provider} />}
      </div>
    </>
  );
}

function OAuthExchange({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const name = PROVIDERS[provider].name;
  const code = params.get('code');
  const state = params.get('state');
  const declined = params.has('error') || !code || !state;
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (declined) return;
    // StrictMode runs this twice; both runs share one request (exchangeOAuthCode), and only the
    // run still mounted acts on the answer.
    let active = true;
    exchangeOAuthCode({ provider, code, state }).then(
      () => {
        if (!active) return;
        const target = peekReturnTo() ?? PATHS.home;
        forgetReturnTo();
        showToast(t('login.signedIn'));
        void navigate(target, { replace: true });
      },
      (error: unknown) => {
        if (active) setFailure(messageForError(error, t));
      },
    );
    return () => {
      active = false;
    };
  }, [declined, provider, code, state, navigate, t]);

  const failed = declined || failure !== null;
  return failed ? (
    <div className="oauth__result" role="alert" data-testid="oauth-failed">
      <FailureIcon size={48} />
      <h2 className="oauth__headline">{t('oauth.failed')}</h2>
      <p className="oauth__body">{failure ?? t('oauth.failedHint', { provider: name })}</p>
      <Link
        className={buttonClassName('primary')}
        to={loginHref(peekReturnTo())}
        replace
        data-testid="oauth-back-to-login"
      >
        {t('oauth.backToLogin')}
      </Link>
    </div>
  ) : (
    <div className="oauth__result">
      <Loading label={t('oauth.signingIn', { provider: name })} />
      <p className="oauth__body">{t('oauth.signingIn', { provider: name })}</p>
    </div>
  );
}

export const GoogleCallbackPage = () => <OAuthCallbackPage provider="google" />;
export const FacebookCallbackPage = () => <OAuthCallbackPage provider="facebook" />;
export const TiktokCallbackPage = () => <OAuthCallbackPage provider="tiktok" />;
