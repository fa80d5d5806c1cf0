import { i18n } from './i18n';
import { isNativeShell } from './native-shell';
import { PATHS } from './paths';
import { createStore } from './store';

export type TabKey = 'home' | 'list' | 'rewards' | 'me' | 'download';

export interface TabItem {
  key: TabKey;
  path: string;
  labelKey: `tabBar.${TabKey}`;
}

/** The tab bar's five items, in this order (docs/product.md#tab-bar). */
export const TAB_ITEMS: readonly TabItem[] = [
  { key: 'home', path: PATHS.home, labelKey: 'tabBar.home' },
  { key: 'list', path: PATHS.list, labelKey: 'tabBar.list' },
  { key: 'rewards', path: PATHS.rewards, labelKey: 'tabBar.rewards' },
  { key: 'me', path: PATHS.me, labelKey: 'tabBar.me' },
  { key: 'download', path: PATHS.download, labelKey: 'tabBar.download' },
];

/**
 * The download item is hidden in mobile view; inside the app it is hidden everywhere
 * (an iPad is not mobile view), since whoever sees it already has the app.
 */
export function showsDownloadTab(isMobile: boolean): boolean {
  return !isMobile && !isNativeShell();
}

/** `/` is an alias of home. */
export function isTabPage(pathname: string): boolean {
  const path = pathname === '/' ? PATHS.home : pathname.replace(/\/+$/, '');
  return TAB_ITEMS.some((item) => item.path === path);
}

export interface TabBarState {
  /** Badge text per item index; null when none. */
  badges: readonly (string | null)[];
  /** Label set by a page per item index; null shows the translated label. */
  texts: readonly (string | null)[];
}

const blank = (): (string | null)[] => TAB_ITEMS.map(() => null);

export const tabBarStore = createStore<TabBarState>({ badges: blank(), texts: blank() });

// A language change relabels the tab bar (docs/product.md#language), so a page's label override gives way.
i18n.onLanguageChanged(() => tabBarStore.update((state) => ({ ...state, texts: blank() })));

const TAB_BAR_ERRORS = {
  notFound: 'tabbar item not found',
  notTabPage: 'not TabBar page',
} as const;

export interface TabBarApi {
  setTabBarBadge(index: number, text: string): Promise<void>;
  removeTabBarBadge(index: number): Promise<void>;
  setTabBarItem(index: number, item: { text?: string }): Promise<void>;
}

/**
 * A change from a page that is not a tab page is refused with 'not TabBar page'
 * (docs/product.md#validation-rules); an index beyond the items with 'tabbar item not found'.
 */
export function createTabBarApi(pathname: string): TabBarApi {
  const change = (index: number, apply: (state: TabBarState, index: number) => TabBarState): Promise<void> => {
    if (!isTabPage(pathname)) return Promise.reject(new Error(TAB_BAR_ERRORS.notTabPage));
    if (!Number.isInteger(index) || index < 0 || index >= TAB_ITEMS.length) {
      return Promise.reject(new Error(TAB_BAR_ERRORS.notFound));
    }
    tabBarStore.update((state) => apply(state, index));
    return Promise.resolve();
  };
  const replace = (list: readonly (string | null)[], index: number, value: string | null) =>
    list.map((current, i) => (i === index ? value : current));

  return {
    setTabBarBadge: (index, text) =>
      change(index, (state, i) => ({ ...state, badges: replace(state.badges, i, String(text)) })),
    removeTabBarBadge: (index) => change(index, (state, i) => ({ ...state, badges: replace(state.badges, i, null) })),
    setTabBarItem: (index, item) =>
      change(index, (state, i) =>
        item.text === undefined ? state : { ...state, texts: replace(state.texts, i, String(item.text)) },
      ),
  };
}

/**
 * The app's own badge on one item (e.g. Rewards while something is claimable), from whichever
 * page is showing: unlike the page API above it is not limited to tab pages. `null` removes it;
 * setting the badge it already shows changes nothing.
 */
export function setTabBadge(key: TabKey, text: string | null): void {
  const index = TAB_ITEMS.findIndex((item) => item.key === key);
  if (tabBarStore.get().badges[index] === text) return;
  tabBarStore.update((state) => ({ ...state, badges: state.badges.map((badge, i) => (i === index ? text : badge)) }));
}
