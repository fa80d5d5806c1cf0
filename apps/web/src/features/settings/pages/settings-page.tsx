import { APP_VERSION } from '@cliffhanger/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DocumentIcon, GlobeIcon, LogoutIcon, ShieldIcon, TrashIcon } from '../../../components/ui/icons';
import { MenuList, type MenuEntry } from '../../../components/ui/menu-list';
import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { PATHS } from '../../../lib/paths';
import { clearSession, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import './settings-page.css';

/** Settings (spec §2 default bar): language, legal pages, account deletion, sign out. */
export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const version = useAppConfig().data?.version ?? APP_VERSION;
  const [confirmSignOut, setConfirmSignOut] = useState(false);

  const entries: MenuEntry[] = [
    { key: 'language', label: t('settings.language'), icon: <GlobeIcon size={20} />, to: PATHS.language },
    { key: 'privacy', label: t('settings.privacy'), icon: <ShieldIcon size={20} />, to: PATHS.privacy },
    { key: 'terms', label: t('settings.terms'), icon: <DocumentIcon size={20} />, to: PATHS.terms },
    { key: 'delete', label: t('settings.deleteAccount'), icon: <TrashIcon size={20} />, to: PATHS.deleteAccount },
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

  const signOut = () => {
    setConfirmSignOut(false);
    clearSession();
    showToast(t('settings.signedOut'));
    void navigate(PATHS.me, { replace: true });
  };

  return (
    <div className="page-body">
      <MenuList entries={entries} />
      <p className="settings-version">{t('settings.version', { version })}</p>
      <ConfirmDialog
        open={confirmSignOut}
        title={t('settings.signOutConfirm')}
        confirmLabel={t('settings.signOut')}
        onConfirm={signOut}
        onCancel={() => setConfirmSignOut(false)}
        testId="sign-out-dialog"
      />
    </div>
  );
}
