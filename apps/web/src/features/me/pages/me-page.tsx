import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import {
  CoinIcon,
  CrownIcon,
  PencilIcon,
  GlobeIcon,
  HistoryIcon,
  InviteIcon,
  SettingsIcon,
  UserIcon,
  WalletIcon,
} from '../../../components/ui/icons';
import { MenuList, type MenuEntry } from '../../../components/ui/menu-list';
import { formatDate } from '../../../lib/format-date';
import { coinStoreHref, PATHS } from '../../../lib/paths';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useRefreshUserInfoOnShow } from '../../../lib/user-info/get-user';
import { Avatar } from '../components/avatar';
import './me-page.css';

/** Entries that need an account (docs/product.md#roles); a visitor goes to sign in, then on to the entry. */
const SIGNED_IN_ONLY = new Set(['edit-profile', 'wallet', 'history', 'invite']);

/**
 * Me (docs/product.md#screen-contents): the viewer's card (visitor: 'Not logged in'), balance, VIP state and
 * the account entries. Showing the tab refreshes the user info (docs/product.md#session).
 */
export function MePage() {
  const { t, i18n } = useTranslation();
  const { userInfo, signedIn } = useSession();
  useRefreshUserInfoOnShow();
  const user = signedIn ? userInfo : null;

  const gate = (key: string, to: string): Pick<MenuEntry, 'to' | 'onSelect'> =>
    !user && SIGNED_IN_ONLY.has(key)
      ? { to: loginHref(to), onSelect: () => showToast(t('common.pleaseLogin')) }
      : { to };
  const entries: MenuEntry[] = [
    { key: 'edit-profile', label: t('me.editProfile'), icon: <UserIcon size={20} />, to: PATHS.editProfile },
    { key: 'wallet', label: t('me.wallet'), icon: <WalletIcon size={20} />, to: PATHS.wallet },
    { key: 'coins', label: t('me.buyCoins'), icon: <CoinIcon size={20} />, to: coinStoreHref() },
    { key: 'history', label: t('me.history'), icon: <HistoryIcon size={20} />, to: PATHS.history },
    { key: 'invite', label: t('me.invite'), icon: <InviteIcon size={20} />, to: PATHS.invite },
    { key: 'vip', label: t('me.vip'), icon: <CrownIcon size={20} />, to: PATHS.vip },
    { key: 'language', label: t('me.language'), icon: <GlobeIcon size={20} />, to: PATHS.language },
    { key: 'settings', label: t('me.settings'), icon: <SettingsIcon size={20} />, to: PATHS.settings },
  ].map((entry) => ({ ...entry, ...gate(entry.key, entry.to), testId: `me-entry-${entry.key}` }));

  return (
    <div className="page-body">
      <div className="me-card" data-testid="me-card">
        <Avatar path={user?.avatar} />
        <div className="me-card__who">
          <p className="me-card__name" data-testid="me-nickname">
            {user ? user.nickname || t('common.notLoggedIn') : t('common.notLoggedIn')}
          </p>
          {user && (
            <p className="me-card__uid" data-testid="me-uid">
              {t('common.uid', { uid: user.uid })}
            </p>
          )}
          {user?.vip.active && (
            <p className="me-card__vip" data-testid="me-vip">
              <CrownIcon size={14} />
              {user.vip.expires_at
                ? t('me.vipUntil', { date: formatDate(user.vip.expires_at, i18n.language) })
                : t('me.vipActive')}
            </p>
          )}
        </div>
        {user ? (
          // An icon, so the name beside it has the card's width (the list below names the page too).
          <Link
            className="me-card__edit"
            to={PATHS.editProfile}
            aria-label={t('me.editProfile')}
            title={t('me.editProfile')}
            data-testid="me-edit-profile"
          >
            <PencilIcon size={20} />
          </Link>
        ) : (
          <Link className={buttonClassName('primary', false, true)} to={loginHref(PATHS.me)} data-testid="me-sign-in">
            {t('common.signIn')}
          </Link>
        )}
      </div>
      {!user && <p className="page-intro">{t('me.signInPrompt')}</p>}
      <Link
        to={user ? PATHS.wallet : loginHref(PATHS.wallet)}
        onClick={user ? undefined : () => showToast(t('common.pleaseLogin'))}
        className="me-balance"
        data-testid="me-balance"
      >
        <span className="me-balance__label">{t('me.balance')}</span>
        <span className="me-balance__value">
          <CoinIcon size={20} />
          <span data-testid="me-coin">{user?.coin ?? 0}</span>
        </span>
      </Link>
      <MenuList entries={entries} />
    </div>
  );
}
