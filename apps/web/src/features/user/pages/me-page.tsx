import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import {
  CoinIcon,
  CrownIcon,
  GlobeIcon,
  HistoryIcon,
  InviteIcon,
  SettingsIcon,
  WalletIcon,
} from '../../../components/ui/icons';
import { MenuList, type MenuEntry } from '../../../components/ui/menu-list';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { Avatar } from '../components/avatar';
import './me-page.css';

/** Me (spec §2/§3): the viewer's card (visitor: 'Not logged in') and the account entries. */
export function MePage() {
  const { t } = useTranslation();
  const { userInfo, signedIn } = useSession();
  const entries: MenuEntry[] = [
    { key: 'wallet', label: t('me.wallet'), icon: <WalletIcon size={20} />, to: PATHS.wallet },
    { key: 'history', label: t('me.history'), icon: <HistoryIcon size={20} />, to: PATHS.history },
    { key: 'invite', label: t('me.invite'), icon: <InviteIcon size={20} />, to: PATHS.invite },
    { key: 'vip', label: t('me.vip'), icon: <CrownIcon size={20} />, to: PATHS.vip },
    { key: 'language', label: t('me.language'), icon: <GlobeIcon size={20} />, to: PATHS.language },
    { key: 'settings', label: t('me.settings'), icon: <SettingsIcon size={20} />, to: PATHS.settings },
  ].map((entry) => ({ ...entry, testId: `me-entry-${entry.key}` }));

  return (
    <div className="page-body">
      <div className="me-card" data-testid="me-card">
        <Avatar path={signedIn ? userInfo?.avatar : null} />
        <div className="me-card__who">
          <p className="me-card__name" data-testid="me-nickname">
            {signedIn && userInfo ? userInfo.nickname || t('common.notLoggedIn') : t('common.notLoggedIn')}
          </p>
          {signedIn && userInfo && (
            <p className="me-card__uid" data-testid="me-uid">
              {t('common.uid', { uid: userInfo.uid })}
            </p>
          )}
        </div>
        {signedIn ? (
          <Link
            className={buttonClassName('secondary', false, true)}
            to={PATHS.editProfile}
            data-testid="me-edit-profile"
          >
            {t('me.editProfile')}
          </Link>
        ) : (
          <Link className={buttonClassName('primary', false, true)} to={PATHS.login} data-testid="me-sign-in">
            {t('common.signIn')}
          </Link>
        )}
      </div>
      {!signedIn && <p className="page-intro">{t('me.signInPrompt')}</p>}
      <Link to={PATHS.wallet} className="me-balance" data-testid="me-balance">
        <span className="me-balance__label">{t('me.balance')}</span>
        <span className="me-balance__value">
          <CoinIcon size={20} />
          {signedIn ? (userInfo?.coin ?? 0) : 0}
        </span>
      </Link>
      <MenuList entries={entries} />
    </div>
  );
}
