/**
 * The routes of docs/product.md#screens-and-routes, written out independently of the web app's route
 * table so that the e2e suite checks the app against the product rules, not against itself.
 */
export type NavKind = 'default' | 'custom' | 'dark';

export interface SpecRoute {
  path: string;
  nav: NavKind;
  tab?: 'home' | 'list' | 'rewards' | 'me' | 'download';
  video?: boolean;
}

export const SPEC_ROUTES: SpecRoute[] = [
  { path: '/pages/index/index', nav: 'custom', tab: 'home' },
  { path: '/pages/my-collect/index', nav: 'default', tab: 'list' },
  { path: '/pages/Rewards/index', nav: 'default', tab: 'rewards' },
  { path: '/pages/user/index', nav: 'default', tab: 'me' },
  { path: '/pages/download/index', nav: 'default', tab: 'download' },
  { path: '/pages/video/index', nav: 'custom', video: true },
  { path: '/pages/video/mobileVideoIndex', nav: 'custom', video: true },
  { path: '/pages/user/vip', nav: 'default' },
  { path: '/pages/user/invite', nav: 'custom' },
  { path: '/pages/user/Language', nav: 'custom' },
  { path: '/pages/user/Setting', nav: 'default' },
  { path: '/pages/user/privacy-policy', nav: 'default' },
  { path: '/pages/user/terms-of-use', nav: 'default' },
  { path: '/pages/login/tiktokLogin', nav: 'custom' },
  { path: '/pages/login/googleLogin', nav: 'custom' },
  { path: '/pages/login/facebookLogin', nav: 'custom' },
  { path: '/pages/payment/stripePaymentSuccess', nav: 'custom' },
  { path: '/pages/payment/stripePaymentFailed', nav: 'custom' },
  { path: '/pages/user/edit-person-info', nav: 'default' },
  { path: '/pages/login/deleteUserTips', nav: 'default' },
  { path: '/pages/user/wallet', nav: 'dark' },
  { path: '/pages/my-history/index', nav: 'dark' },
  { path: '/components/editPersonInfo', nav: 'custom' },
];

export const TAB_ORDER = ['home', 'list', 'rewards', 'me', 'download'] as const;
