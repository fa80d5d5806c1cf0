import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { PATHS } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { LoginForm, type LoginMethod } from '../components/login-form';
import { ThirdPartyButtons } from '../components/third-party-buttons';
import './login-page.css';

/** Sign-in (spec §2): an SMS-code tab and a password tab, then the enabled third-party buttons. */
export function LoginPage() {
  const { t } = useTranslation();
  const methods = useAppConfig().data?.sign_in_methods;
  // Until the configuration says otherwise both tabs are offered.
  const available: LoginMethod[] = (['sms', 'password'] as const).filter((method) => methods?.[method] ?? true);
  const [chosen, setChosen] = useState<LoginMethod>('sms');
  const method = available.includes(chosen) ? chosen : (available[0] ?? 'sms');
  const labels: Record<LoginMethod, string> = { sms: t('login.smsTab'), password: t('login.passwordTab') };

  // The sign-in calls (DESIGN §4 /auth/…) are not in the contract yet.
  const notYet = () => showToast(t('login.notImplemented'));

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
        <LoginForm key={method} method={method} onSubmit={notYet} />
      </div>
      <ThirdPartyButtons methods={methods} onSelect={notYet} />
      <p className="login__agreement">
        {t('login.agreement')} <Link to={PATHS.terms}>{t('titles.terms')}</Link> ·{' '}
        <Link to={PATHS.privacy}>{t('titles.privacy')}</Link>
      </p>
    </div>
  );
}
