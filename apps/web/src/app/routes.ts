import type { ComponentType } from 'react';
import type { NavKind } from '../components/ui/nav-bar';
import { startVideoPrefetch, takeInlinedStart } from '../features/video/api/start-video-prefetch';
import { PATHS } from '../lib/paths';
import type { TabKey } from '../lib/tab-bar';
import type en from '../locales/en.json';

export type TitleKey = `titles.${keyof typeof en.titles}`;

/** One screen of spec §2: where it lives, which bar it gets, and how its code is fetched. */
export interface RouteDef {
  path: string;
  /** default and dark bars are drawn by the shell; a custom page draws its own. */
  navKind: NavKind;
  titleKey: TitleKey;
  tab?: TabKey;
  /** Video pages: black, edge to edge, no sidebar and no tab bar. */
  video?: boolean;
  load: () => Promise<ComponentType>;
}

/**
 * A video page's code, with its two calls started before it arrives. hls.js comes with the page:
 * on a playback the HTML carried, the player starts at once, while React is still starting, and
 * on the phone page it goes on screen and plays once the pre-roll decision is "no ad".
 */
function loadVideoPage(name: 'VideoPage' | 'MobileVideoPage'): Promise<ComponentType> {
  startVideoPrefetch(window.location.search);
  return import('../features/video/pages/video-page').then(async (page) => {
    const start = takeInlinedStart();
    // The desktop page lays its player out beside the episode list: it only loads early. The
    // phone page's first render waits for that first frame (a bounded time), then takes the
    // playing element over: the video, not the controls around it, is what a link was opened for.
    if (start) await page.startEarlyPlayer(name === 'MobileVideoPage' ? start : { ...start, adDecision: null });
    return page[name];
  });
}

/** The route table: every page of spec §2 plus the sign-in page. Pages load on first visit. */
export const ROUTES: readonly RouteDef[] = [
  // Tab pages (spec §2 tab bar, in order).
  {
    path: PATHS.home,
    navKind: 'custom',
    titleKey: 'titles.home',
    tab: 'home',
    load: () => import('../features/home/pages/home-page').then((m) => m.HomePage),
  },
  {
    path: PATHS.list,
    navKind: 'default',
    titleKey: 'titles.list',
    tab: 'list',
    load: () => import('../features/collect/pages/collect-page').then((m) => m.CollectPage),
  },
  {
    path: PATHS.rewards,
    navKind: 'default',
    titleKey: 'titles.rewards',
    tab: 'rewards',
    load: () => import('../features/rewards/pages/rewards-page').then((m) => m.RewardsPage),
  },
  {
    path: PATHS.me,
    navKind: 'default',
    titleKey: 'titles.me',
    tab: 'me',
    load: () => import('../features/me/pages/me-page').then((m) => m.MePage),
  },
  {
    path: PATHS.download,
    navKind: 'default',
    titleKey: 'titles.download',
    tab: 'download',
    load: () => import('../features/download/pages/download-page').then((m) => m.DownloadPage),
  },

  // Other pages (spec §2 table).
  {
    path: PATHS.video,
    navKind: 'custom',
    titleKey: 'titles.video',
    video: true,
    load: () => loadVideoPage('VideoPage'),
  },
  {
    path: PATHS.mobileVideo,
    navKind: 'custom',
    titleKey: 'titles.video',
    video: true,
    load: () => loadVideoPage('MobileVideoPage'),
  },
  {
    path: PATHS.vip,
    navKind: 'default',
    titleKey: 'titles.vip',
    load: () => import('../features/vip/pages/vip-page').then((m) => m.VipPage),
  },
  {
    path: PATHS.invite,
    navKind: 'custom',
    titleKey: 'titles.invite',
    load: () => import('../features/invite/pages/invite-page').then((m) => m.InvitePage),
  },
  {
    path: PATHS.language,
    navKind: 'custom',
    titleKey: 'titles.language',
    load: () => import('../features/language/pages/language-page').then((m) => m.LanguagePage),
  },
  {
    path: PATHS.settings,
    navKind: 'default',
    titleKey: 'titles.settings',
    load: () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage),
  },
  {
    path: PATHS.privacy,
    navKind: 'default',
    titleKey: 'titles.privacy',
    load: () => import('../features/legal/pages/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
  },
  {
    path: PATHS.terms,
    navKind: 'default',
    titleKey: 'titles.terms',
    load: () => import('../features/legal/pages/terms-of-use-page').then((m) => m.TermsOfUsePage),
  },
  {
    path: PATHS.tiktokLogin,
    navKind: 'custom',
    titleKey: 'titles.tiktokLogin',
    load: () => import('../features/login/pages/oauth-callback-page').then((m) => m.TiktokCallbackPage),
  },
  {
    path: PATHS.googleLogin,
    navKind: 'custom',
    titleKey: 'titles.googleLogin',
    load: () => import('../features/login/pages/oauth-callback-page').then((m) => m.GoogleCallbackPage),
  },
  {
    path: PATHS.facebookLogin,
    navKind: 'custom',
    titleKey: 'titles.facebookLogin',
    load: () => import('../features/login/pages/oauth-callback-page').then((m) => m.FacebookCallbackPage),
  },
  {
    path: PATHS.paymentSuccess,
    navKind: 'custom',
    titleKey: 'titles.paymentSuccess',
    load: () => import('../features/payment/pages/payment-result-page').then((m) => m.PaymentSuccessPage),
  },
  {
    path: PATHS.paymentFailed,
    navKind: 'custom',
    titleKey: 'titles.paymentFailed',
    load: () => import('../features/payment/pages/payment-result-page').then((m) => m.PaymentFailedPage),
  },
  {
    path: PATHS.editProfile,
    navKind: 'default',
    titleKey: 'titles.editProfile',
    load: () => import('../features/me/pages/edit-profile-page').then((m) => m.EditProfilePage),
  },
  {
    path: PATHS.deleteAccount,
    navKind: 'default',
    titleKey: 'titles.deleteAccount',
    load: () => import('../features/settings/pages/delete-account-page').then((m) => m.DeleteAccountPage),
  },
  {
    path: PATHS.wallet,
    navKind: 'dark',
    titleKey: 'titles.wallet',
    load: () => import('../features/wallet/pages/wallet-page').then((m) => m.WalletPage),
  },
  {
    path: PATHS.history,
    navKind: 'dark',
    titleKey: 'titles.history',
    load: () => import('../features/history/pages/history-page').then((m) => m.HistoryPage),
  },
  {
    path: PATHS.editProfileComponent,
    navKind: 'custom',
    titleKey: 'titles.editProfile',
    load: () => import('../features/me/pages/edit-profile-page').then((m) => m.EditProfileCustomPage),
  },

  // Spec §2 'Login: an SMS-code tab and a password tab…' needs a page of its own.
  {
    path: PATHS.login,
    navKind: 'default',
    titleKey: 'titles.login',
    load: () => import('../features/login/pages/login-page').then((m) => m.LoginPage),
  },
];

export function routeForPath(pathname: string): RouteDef | undefined {
  const path = pathname === '/' ? PATHS.home : pathname.replace(/(.)\/+$/, '$1');
  return ROUTES.find((route) => route.path === path);
}
