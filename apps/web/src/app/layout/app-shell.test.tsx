import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLanguage } from '../../lib/i18n';
import { createTabBarApi, TAB_ITEMS, tabBarStore } from '../../lib/tab-bar';
import { configFetch, testAppConfig } from '../../test/app-config';
import { renderApp, setWidth } from '../../test/render-app';

beforeEach(() => vi.stubGlobal('fetch', vi.fn(configFetch())));
afterEach(() => {
  vi.unstubAllGlobals();
  saveLanguage('en');
  tabBarStore.set({ badges: TAB_ITEMS.map(() => null), texts: TAB_ITEMS.map(() => null) });
});

const tabIds = (container: HTMLElement) =>
  within(container)
    .getAllByTestId(/^tab-item-/)
    .map((item) => item.dataset.testid);

describe('app shell layout: tab bar below 768px, sidebar from 768px, none on video pages', () => {
  it('phone: bottom tab bar on a tab page, four items (download hidden), the current one selected', async () => {
    renderApp('/pages/Rewards/index');
    const bar = await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(tabIds(bar)).toEqual(['tab-item-home', 'tab-item-list', 'tab-item-rewards', 'tab-item-me']);
    expect(within(bar).getByTestId('tab-item-rewards')).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByTestId('tab-item-home')).not.toHaveAttribute('aria-current');
    expect(within(bar).getByTestId('tab-item-home')).toHaveTextContent('Home');
    expect(within(bar).getByTestId('tab-item-home').querySelector('svg')).toHaveAttribute('width', '24');
  });

  it('phone: no tab bar on a page that is not a tab page', async () => {
    renderApp('/pages/user/Setting');
    expect(await screen.findByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'default');
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it.each([
    [800, 120, false],
    [960, 120, false],
    [1280, 240, true],
  ])('at %ipx: a %ipx sidebar instead of the tab bar, download shown: %s', async (width, sidebarWidth, download) => {
    renderApp('/pages/index/index', { width });
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar.style.width).toBe(`${sidebarWidth}px`);
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    expect(tabIds(sidebar)).toEqual(
      TAB_ITEMS.filter((item) => download || item.key !== 'download').map((item) => `tab-item-${item.key}`),
    );
  });

  it.each([
    [390, 'nav-bar'],
    [800, 'sidebar'],
    [1280, 'sidebar'],
  ])('at %ipx home shows the product mark once, in the %s', async (width, holder) => {
    renderApp('/pages/index/index', { width });
    // Home's own bar, once its code has loaded (the loading page's bar says "Home").
    await waitFor(() => expect(screen.getByTestId('nav-bar')).toHaveTextContent('Cliffhanger'));
    // LogoMark is the only drawing on a 32×32 grid.
    const marks = [...document.querySelectorAll('svg[viewBox="0 0 32 32"]')];
    expect(marks).toHaveLength(1);
    expect(screen.getByTestId(holder).contains(marks[0]!)).toBe(true);
  });

  it('shows the sidebar on pages other than tab pages too', async () => {
    renderApp('/pages/user/Setting', { width: 1024 });
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  });

  it('never shows sidebar or tab bar on video pages', async () => {
    renderApp('/pages/video/index?id=12', { width: 1280 });
    // The video page's code (hls.js) can take seconds to load in jsdom on a busy machine.
    expect(await screen.findByTestId('video-screen', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    expect(screen.queryByTestId('nav-bar')).toBeNull();
  });

  it('switches between tab bar and sidebar as the window is resized', async () => {
    renderApp('/pages/user/index', { width: 767 });
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    setWidth(768);
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('draws the dark bar on wallet and history, the default bar with a back button elsewhere', async () => {
    const { router } = renderApp('/pages/user/wallet');
    expect(await screen.findByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'dark');
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    await act(() => router.navigate('/pages/my-history/index'));
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'dark');
    await act(() => router.navigate('/pages/user/vip'));
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'default');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByTestId('status-bar')).toBeInTheDocument();
  });

  it('/ is home, and an unknown path goes home', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByTestId('tab-item-home')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByTestId('home-search')).toBeInTheDocument();
    await act(() => router.navigate('/no/such/page'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('passes query parameters through to the page', async () => {
    const { router } = renderApp('/pages/index/index?sort=likes&from=share');
    expect(await screen.findByRole('button', { name: 'Most liked' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toContain('from=share');
  });

  it('keeps the document title on the product name from app config', async () => {
    vi.stubGlobal('fetch', vi.fn(configFetch(testAppConfig({ name: 'Dramatic' }))));
    renderApp('/pages/user/Setting');
    await vi.waitFor(() => expect(document.title).toBe('Dramatic'));
  });

  it('relabels the tab bar at once when the language changes', async () => {
    renderApp('/pages/index/index');
    const home = await screen.findByTestId('tab-item-home');
    act(() => {
      saveLanguage('zh');
    });
    expect(home).toHaveTextContent('首页');
    expect(document.documentElement.lang).toBe('zh');
    act(() => {
      saveLanguage('tr');
    });
    expect(home).toHaveTextContent('Ana Sayfa');
  });

  it('shows badges and labels set through the tab-bar API', async () => {
    renderApp('/pages/index/index');
    await screen.findByTestId('tab-bar');
    await act(() => createTabBarApi('/pages/index/index').setTabBarBadge(2, '5'));
    expect(screen.getByTestId('tab-badge-rewards')).toHaveTextContent('5');
    await act(() => createTabBarApi('/pages/index/index').setTabBarItem(1, { text: 'Saved' }));
    expect(screen.getByTestId('tab-item-list')).toHaveTextContent('Saved');
    await act(() => createTabBarApi('/pages/index/index').removeTabBarBadge(2));
    expect(screen.queryByTestId('tab-badge-rewards')).toBeNull();
  });

  it('moves between tab pages from the tab bar', async () => {
    const { router } = renderApp('/pages/index/index');
    await userEvent.click(await screen.findByTestId('tab-item-me'));
    expect(router.state.location.pathname).toBe('/pages/user/index');
    expect(screen.getByTestId('tab-item-me')).toHaveAttribute('aria-current', 'page');
  });
});
