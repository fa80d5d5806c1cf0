/** Every page path (docs/product.md#screens-and-routes), shared by the route table and links. */
export const PATHS = {
  home: '/pages/index/index',
  list: '/pages/my-collect/index',
  rewards: '/pages/Rewards/index',
  me: '/pages/user/index',
  download: '/pages/download/index',
  video: '/pages/video/index',
  mobileVideo: '/pages/video/mobileVideoIndex',
  vip: '/pages/user/vip',
  invite: '/pages/user/invite',
  language: '/pages/user/Language',
  settings: '/pages/user/Setting',
  privacy: '/pages/user/privacy-policy',
  terms: '/pages/user/terms-of-use',
  tiktokLogin: '/pages/login/tiktokLogin',
  googleLogin: '/pages/login/googleLogin',
  facebookLogin: '/pages/login/facebookLogin',
  paymentSuccess: '/pages/payment/stripePaymentSuccess',
  paymentFailed: '/pages/payment/stripePaymentFailed',
  editProfile: '/pages/user/edit-person-info',
  deleteAccount: '/pages/login/deleteUserTips',
  wallet: '/pages/user/wallet',
  history: '/pages/my-history/index',
  editProfileComponent: '/components/editPersonInfo',
  login: '/pages/login/index',
} as const;

/**
 * Where a drama plays: the full-screen vertical page on phones (mobile flag,
 * docs/product.md#layout-and-breakpoints), the desktop page with the episode grid otherwise. Without an
 * episode the page resumes from the viewer's history, else starts at episode 1.
 */
export function videoHref(mobile: boolean, dramaId: number, episodeId?: number): string {
  const query = new URLSearchParams({ drama_id: String(dramaId) });
  if (episodeId !== undefined) query.set('episode_id', String(episodeId));
  return `${mobile ? PATHS.mobileVideo : PATHS.video}?${query.toString()}`;
}

/**
 * The For You feed: the vertical video page's route with `?feed=for-you` (no route of its own), the
 * same path on every width; the page lays itself out for the window.
 */
export function forYouHref(): string {
  return `${PATHS.mobileVideo}?feed=for-you`;
}

/**
 * The store is the VIP page with two tabs (`?tab=coins` for the coin packs, no route of its own).
 * `pack` highlights one pack (the unlock dialog's suggestion); `plan` preselects a VIP plan (a
 * visitor who tapped buy comes back to the plan they chose).
 */
export function coinStoreHref(packId?: string | null): string {
  const query = new URLSearchParams({ tab: 'coins' });
  if (packId) query.set('pack', packId);
  return `${PATHS.vip}?${query.toString()}`;
}

export function vipStoreHref(planId?: string | null): string {
  return planId ? `${PATHS.vip}?${new URLSearchParams({ plan: planId }).toString()}` : PATHS.vip;
}
