import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { FailureIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { NavBar } from '../../../components/ui/nav-bar';
import { PATHS } from '../../../lib/paths';
import type { Provider } from '../components/third-party-buttons';
import './oauth-callback-page.css';

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', tiktok: 'TikTok' };
const TITLE_KEYS = {
  google: 'titles.googleLogin',
  facebook: 'titles.facebookLogin',
  tiktok: 'titles.tiktokLogin',
} as const;

/**
 * Where a provider sends the viewer back (spec §2 custom bar) with `code` and `state`, or with
 * `error` when the viewer declined. The exchange (POST /auth/oauth/{provider}/callback) runs here.
 */
function OAuthCallbackPage({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = PROVIDER_NAMES[provider];
  const failed = params.has('error') || !params.get('code');
  return (
    <>
      <NavBar kind="custom" title={t(TITLE_KEYS[provider])} showBack />
      <div className="page-body oauth" data-testid="oauth-callback">
        {failed ? (
          <div className="oauth__result" role="alert">
            <FailureIcon size={48} />
            <h2 className="oauth__headline">{t('oauth.failed')}</h2>
            <p className="oauth__body">{t('oauth.failedHint', { provider: name })}</p>
            <Link className={buttonClassName('primary')} to={PATHS.login} replace>
              {t('oauth.backToLogin')}
            </Link>
          </div>
        ) : (
          <div className="oauth__result">
            <Loading label={t('oauth.signingIn', { provider: name })} />
            <p className="oauth__body">{t('oauth.signingIn', { provider: name })}</p>
          </div>
        )}
      </div>
    </>
  );
}

export const GoogleCallbackPage = () => <OAuthCallbackPage provider="google" />;
export const FacebookCallbackPage = () => <OAuthCallbackPage provider="facebook" />;
export const TiktokCallbackPage = () => <OAuthCallbackPage provider="tiktok" />;
