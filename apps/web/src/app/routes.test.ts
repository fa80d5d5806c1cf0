import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { routeForPath, ROUTES } from './routes';

/** docs/product.md#screens-and-routes, written out here independently of the route table. */
const SPEC: [path: string, nav: 'default' | 'custom' | 'dark', tab?: string][] = [
  ['/pages/index/index', 'custom', 'home'],
  ['/pages/my-collect/index', 'default', 'list'],
  ['/pages/Rewards/index', 'default', 'rewards'],
  ['/pages/user/index', 'default', 'me'],
  ['/pages/download/index', 'default', 'download'],
  ['/pages/video/index', 'custom'],
  ['/pages/video/mobileVideoIndex', 'custom'],
  ['/pages/user/vip', 'default'],
  ['/pages/user/invite', 'custom'],
  ['/pages/user/Language', 'custom'],
  ['/pages/user/Setting', 'default'],
  ['/pages/user/privacy-policy', 'default'],
  ['/pages/user/terms-of-use', 'default'],
  ['/pages/login/tiktokLogin', 'custom'],
  ['/pages/login/googleLogin', 'custom'],
  ['/pages/login/facebookLogin', 'custom'],
  ['/pages/payment/stripePaymentSuccess', 'custom'],
  ['/pages/payment/stripePaymentFailed', 'custom'],
  ['/pages/user/edit-person-info', 'default'],
  ['/pages/login/deleteUserTips', 'default'],
  ['/pages/user/wallet', 'dark'],
  ['/pages/my-history/index', 'dark'],
  ['/components/editPersonInfo', 'custom'],
];

describe('route table', () => {
  it.each(SPEC)('has %s with a %s bar', (path, nav, tab) => {
    const route = ROUTES.find((r) => r.path === path);
    expect(route, path).toBeDefined();
    expect(route?.navKind ?? 'default').toBe(nav);
    expect(route?.tab).toBe(tab);
  });

  it('has the sign-in page and nothing the product rules do not list', () => {
    const extra = ROUTES.map((r) => r.path).filter((path) => !SPEC.some(([p]) => p === path));
    expect(extra).toEqual(['/pages/login/index']);
  });

  it('lists each path once', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('marks only the two player routes as video pages', () => {
    expect(ROUTES.filter((r) => r.video).map((r) => r.path)).toEqual([
      '/pages/video/index',
      '/pages/video/mobileVideoIndex',
    ]);
  });

  it('gives every route a title that exists in the catalogue', () => {
    for (const route of ROUTES) {
      const key = route.titleKey.replace('titles.', '') as keyof typeof en.titles;
      expect(en.titles[key], route.path).toBeTruthy();
    }
  });

  it('treats / as home and ignores a trailing slash', () => {
    expect(routeForPath('/')?.path).toBe('/pages/index/index');
    expect(routeForPath('/pages/user/Setting/')?.path).toBe('/pages/user/Setting');
    expect(routeForPath('/nowhere')).toBeUndefined();
  });
});
