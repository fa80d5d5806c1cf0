import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { PATHS } from '../../../lib/paths';
import { returnToFromSearch } from '../../../lib/return-to';
import { showToast } from '../../../lib/toast';
import { LoginForm } from '../components/login-form';
import { ThirdPartyButtons } from '../components/third-party-buttons';
import { useOAuthSignIn } from '../hooks/use-oauth-sign-in';
import type { LoginMethod } from '../login-schema';
import './login-page.css';

/**
 * Sign-in (docs/product.md#screen-contents): an SMS-code tab and a password tab, then the enabled third-party
 * buttons. Afterwards the viewer goes back to where they came from (`?redirect=`), else home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const returnTo = returnToFromSearch(search);
  const methods = useAppConfig().data?.sign_in_methods;
  // The password tab always shows (flagged 'not yet implemented' where it is off);
  // the SMS tab goes only when app config switches it off. Until config loads both are offered.
  const available: LoginMethod[] = methods?.sms === false ? ['password'] : ['sms', 'password'];
  const [chosen, setChosen] = useState<LoginMethod>('sms');
  const method = available.includes(chosen) ? chosen : (available[0] ?? 'password');
  const labels: Record<LoginMethod, string> = { sms: t('login.smsTab'), password: t('login.passwordTab') };
  const oauth = useOAuthSignIn(returnTo);

  const onSignedIn = () => {
    showToast(t('login.signedIn'));
    void navigate(returnTo ?? PATHS.home, { replace: true });
  };

  return (
    <div className="page-body login">
      {available.length > 1 && (
        <Tabs
          options={available.map((key) => ({ key, label: labels[key] }))}
          value={method}
          onChange={setChosen}
          label={t('login.methods')}
          idPrefix="login-tab"
          panelId="login-panel"
        />
      )}
      <div
        id="login-panel"
        role={available.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={available.length > 1 ? `login-tab-${method}` : undefined}
      >
        <LoginForm method={method} passwordEnabled={methods?.password ?? true} onSignedIn={onSignedIn} />
      </div>
      <ThirdPartyButtons
        methods={methods}
        pending={oauth.pending}
        onSelect={(provider) => void oauth.start(provider)}
      />
      <p className="login__agreement" data-testid="login-agreement">
        <Agreement />
      </p>
    </div>
  );
}

/** Marks where each link goes in the translated sentence (word order differs by language). */
const MARK = { terms: '\uE000terms\uE000', privacy: '\uE000privacy\uE000' } as const;

/** "By signing in you agree to the Terms of Use and the Privacy Policy", each name its own link, once. */
function Agreement() {
  const { t } = useTranslation();
  const parts = t('login.agreement', MARK).split(/\uE000(terms|privacy)\uE000/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : (
          <Link key={part} to={part === 'terms' ? PATHS.terms : PATHS.privacy}>
            {t(part === 'terms' ? 'titles.terms' : 'titles.privacy')}
          </Link>
        ),
      )}
    </>
  );
}
