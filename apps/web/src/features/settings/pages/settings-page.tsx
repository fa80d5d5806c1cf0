import { APP_VERSION } from '@cliffhanger/contract/browser';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  CrownIcon,
  DocumentIcon,
  GlobeIcon,
  LockIcon,
  LogoutIcon,
  ShieldIcon,
  TrashIcon,
} from '../../../components/ui/icons';
import { MenuList, type MenuEntry } from '../../../components/ui/menu-list';
import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { PATHS } from '../../../lib/paths';
import { loginHref } from '../../../lib/return-to';
import { useRequireLogin } from '../../../lib/require-login';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { signOut } from '../api/post-logout';
import { NotificationSettings } from '../components/notification-settings';
import { PasswordDialog } from '../components/password-dialog';
import './settings-page.css';

/**
 * Settings (default bar): language, password, legal pages, account deletion, sign out.
 * The account entries ask a visitor to sign in first (docs/product.md#roles).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const { signedIn, userInfo } = useSession();
  const version = useAppConfig().data?.version ?? APP_VERSION;
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [editingPassword, setEditingPassword] = useState(false);
  const hasPassword = signedIn && userInfo?.has_password === true;

  const entries: MenuEntry[] = [
    { key: 'language', label: t('settings.language'), icon: <GlobeIcon size={20} />, to: PATHS.language },
    {
      key: 'password',
      label: hasPassword ? t('settings.changePassword') : t('settings.setPassword'),
      icon: <LockIcon size={20} />,
      onSelect: () => requireLogin() && setEditingPassword(true),
    },
    // Only for an account that has had VIP: there is nothing to manage for one that never did.
    ...(signedIn && userInfo?.vip.expires_at
      ? [{ key: 'subscription', label: t('settings.manageSubscription'), icon: <CrownIcon size={20} />, to: PATHS.vip }]
      : []),
    { key: 'privacy', label: t('settings.privacy'), icon: <ShieldIcon size={20} />, to: PATHS.privacy },
    { key: 'terms', label: t('settings.terms'), icon: <DocumentIcon size={20} />, to: PATHS.terms },
    {
      key: 'delete',
      label: t('settings.deleteAccount'),
      icon: <TrashIcon size={20} />,
      ...(signedIn
        ? { to: PATHS.deleteAccount }
        : { to: loginHref(PATHS.deleteAccount), onSelect: () => showToast(t('common.pleaseLogin')) }),
    },
    ...(signedIn
      ? [
          {
            key: 'sign-out',
            label: t('settings.signOut'),
            icon: <LogoutIcon size={20} />,
            onSelect: () => setConfirmSignOut(true),
            danger: true,
          },
        ]
      : []),
  ].map((entry) => ({ ...entry, testId: `settings-entry-${entry.key}` }));

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
    setConfirmSignOut(false);
    showToast(t('settings.signedOut'));
    void navigate(PATHS.me, { replace: true });
  };

  return (
    <div className="page-body">
      <MenuList entries={entries} />
      {signedIn && <NotificationSettings />}
      <p className="settings-version">{t('settings.version', { version })}</p>
      <ConfirmDialog
        open={confirmSignOut}
        title={t('settings.signOutConfirm')}
        confirmLabel={t('settings.signOut')}
        busy={signingOut}
        onConfirm={() => void onSignOut()}
        onCancel={() => setConfirmSignOut(false)}
        testId="sign-out-dialog"
      />
      {signedIn && (
        <PasswordDialog open={editingPassword} hasPassword={hasPassword} onClose={() => setEditingPassword(false)} />
      )}
    </div>
  );
}
