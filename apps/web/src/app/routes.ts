import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { NavKind } from '../components/ui/nav-bar';
import { PATHS } from '../lib/paths';
import type { TabKey } from '../lib/tab-bar';
import type en from '../locales/en.json';
import { SERVER_DRAWN_PAGE_IMPORTS } from './server-drawn-pages';
import { withForYouFeed } from './with-for-you-feed';

type TitleKey = `titles.${keyof typeof en.titles}`;

/**
 * One screen (docs/product.md#screens-and-routes): where it lives, which bar it gets, and how its code and
 * data are fetched.
 */
export interface RouteDef {
  path: string;
  /** default (when absent) and dark bars are drawn by the shell; a custom page draws its own. */
  navKind?: NavKind;
  titleKey: TitleKey;
  tab?: TabKey;
  /** Video pages: black, edge to edge, no sidebar and no tab bar. */
  video?: boolean;
  /** The page's code (the route's `lazy`). */
  load: () => Promise<ComponentType>;
  /** What its first screen needs, fetched alongside the code (the route's `loader`). */
  loadData?: (queryClient: QueryClient, search: string) => Promise<unknown>;
}

/**
 * The video pages' loader is a chunk of its own, so home's start does not carry it; the server
 * preloads it with a video page, as it does home's and the video pages' code (server-drawn-pages.ts).
 */
const loadVideoData = (queryClient: QueryClient, search: string, page: 'phone' | 'desktop') =>
  SERVER_DRAWN_PAGE_IMPORTS.videoLoader().then((m) => m.loadVideoPage(queryClient, search, page));

/** The route table: every page of docs/product.md#screens-and-routes. Pages load on first visit. */
export const ROUTES: readonly RouteDef[] = [
  // Tab pages (docs/product.md#tab-bar, in order).
  {
    path: PATHS.home,
    navKind: 'custom',
    titleKey: 'titles.home',
    tab: 'home',
    load: () => SERVER_DRAWN_PAGE_IMPORTS.home().then((m) => m.HomePage),
  },
  {
    path: PATHS.list,
    titleKey: 'titles.list',
    tab: 'list',
    load: () => import('../features/collect/pages/collect-page').then((m) => m.CollectPage),
  },
  {
    path: PATHS.rewards,
    titleKey: 'titles.rewards',
    tab: 'rewards',
    load: () => import('../features/rewards/pages/rewards-page').then((m) => m.RewardsPage),
  },
  {
    path: PATHS.me,
    titleKey: 'titles.me',
    tab: 'me',
    load: () => import('../features/me/pages/me-page').then((m) => m.MePage),
  },
  {
    path: PATHS.download,
    titleKey: 'titles.download',
    tab: 'download',
    load: () => import('../features/download/pages/download-page').then((m) => m.DownloadPage),
  },

  // Other pages (docs/product.md#other-routes).
  {
    path: PATHS.video,
    navKind: 'custom',
    titleKey: 'titles.video',
    video: true,
    load: () => SERVER_DRAWN_PAGE_IMPORTS.video().then((m) => m.VideoPage),
    loadData: (queryClient, search) => loadVideoData(queryClient, search, 'desktop'),
  },
  {
    path: PATHS.mobileVideo,
    navKind: 'custom',
    titleKey: 'titles.video',
    video: true,
    // `?feed=for-you` makes it the For You feed (with-for-you-feed.tsx).
    load: () => SERVER_DRAWN_PAGE_IMPORTS.video().then((m) => withForYouFeed(m.MobileVideoPage)),
    loadData: (queryClient, search) => loadVideoData(queryClient, search, 'phone'),
  },
  {
    path: PATHS.vip,
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
    titleKey: 'titles.settings',
    load: () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage),
  },
  {
    path: PATHS.privacy,
    titleKey: 'titles.privacy',
    load: () => import('../features/legal/pages/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
  },
  {
    path: PATHS.terms,
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
    titleKey: 'titles.editProfile',
    load: () => import('../features/me/pages/edit-profile-page').then((m) => m.EditProfilePage),
  },
  {
    path: PATHS.deleteAccount,
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

  // Sign-in: an SMS-code tab and a password tab (docs/product.md#screen-contents), on a page of its own.
  {
    path: PATHS.login,
    titleKey: 'titles.login',
    load: () => import('../features/login/pages/login-page').then((m) => m.LoginPage),
  },
];

export function routeForPath(pathname: string): RouteDef | undefined {
  const path = pathname === '/' ? PATHS.home : pathname.replace(/(.)\/+$/, '$1');
  return ROUTES.find((route) => route.path === path);
}
