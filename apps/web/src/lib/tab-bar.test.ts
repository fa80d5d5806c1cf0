import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { createTabBarApi, isTabPage, setTabBadge, TAB_ITEMS, tabBarStore } from './tab-bar';

const reset = () => tabBarStore.set({ badges: TAB_ITEMS.map(() => null), texts: TAB_ITEMS.map(() => null) });
afterEach(async () => {
  reset();
  await i18n.changeLanguage('en');
});

describe('tab bar: its five items, and the tab-bar API on tab pages only', () => {
  it('lists the five items in order', () => {
    expect(TAB_ITEMS.map((item) => item.key)).toEqual(['home', 'list', 'rewards', 'me', 'download']);
    expect(TAB_ITEMS.map((item) => item.labelKey)).toEqual([
      'tabBar.home',
      'tabBar.list',
      'tabBar.rewards',
      'tabBar.me',
      'tabBar.download',
    ]);
  });

  it('treats the five tab paths and / as tab pages, nothing else', () => {
    for (const item of TAB_ITEMS) expect(isTabPage(item.path)).toBe(true);
    expect(isTabPage('/')).toBe(true);
    expect(isTabPage('/pages/user/Setting')).toBe(false);
  });

  it.each([5, 6, -1, 1.5, Number.NaN])('refuses index %s with "tabbar item not found"', async (index) => {
    const api = createTabBarApi('/pages/Rewards/index');
    await expect(api.setTabBarBadge(index, '1')).rejects.toThrow('tabbar item not found');
    await expect(api.removeTabBarBadge(index)).rejects.toThrow('tabbar item not found');
    await expect(api.setTabBarItem(index, { text: 'x' })).rejects.toThrow('tabbar item not found');
  });

  it('refuses a change from a page that is not a tab page with "not TabBar page"', async () => {
    const api = createTabBarApi('/pages/user/Setting');
    await expect(api.setTabBarBadge(0, '1')).rejects.toThrow('not TabBar page');
    await expect(api.removeTabBarBadge(0)).rejects.toThrow('not TabBar page');
    await expect(api.setTabBarItem(0, { text: 'x' })).rejects.toThrow('not TabBar page');
    expect(tabBarStore.get().badges.every((badge) => badge === null)).toBe(true);
  });

  it('sets and removes a badge and a label from a tab page', async () => {
    const api = createTabBarApi('/pages/user/index');
    await expect(api.setTabBarBadge(2, '3')).resolves.toBeUndefined();
    expect(tabBarStore.get().badges).toEqual([null, null, '3', null, null]);
    await api.setTabBarItem(3, { text: 'Account' });
    expect(tabBarStore.get().texts[3]).toBe('Account');
    await api.removeTabBarBadge(2);
    expect(tabBarStore.get().badges[2]).toBeNull();
  });

  it('gives way to the translated labels when the language changes', async () => {
    await createTabBarApi('/').setTabBarItem(0, { text: 'Start' });
    await i18n.changeLanguage('zh');
    expect(tabBarStore.get().texts[0]).toBeNull();
  });

  it('setTabBadge puts the app badge on one item from any page and takes it off again', () => {
    setTabBadge('rewards', '');
    expect(tabBarStore.get().badges).toEqual([null, null, '', null, null]);
    const before = tabBarStore.get();
    setTabBadge('rewards', '');
    expect(tabBarStore.get()).toBe(before);
    setTabBadge('rewards', null);
    expect(tabBarStore.get().badges).toEqual([null, null, null, null, null]);
  });
});
