import type { CSSProperties } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { NavBar } from '../../components/ui/nav-bar';
import { DramaSheetHost } from '../../features/drama/drama-sheet-host';
import { useViewport } from '../../lib/viewport';
import { NativeShellBridge } from '../native-shell-bridge';
import { PageLoading } from '../page-states';
import { routeForPath } from '../routes';
import { Sidebar } from './sidebar';
import { TabBar } from './tab-bar';
import './app-shell.css';

/**
 * The frame around every page (docs/product.md#layout-and-breakpoints): the sidebar from 768px (never on video
 * pages), the bottom tab bar on the tab pages below that, and the default or dark navigation bar
 * the route declares. Custom-bar pages draw their own. A tap is answered at once: while the router
 * fetches the code of the page being opened, that page's frame shows, with a loading page.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const opening =
    navigation.location && navigation.location.pathname !== pathname ? navigation.location.pathname : null;
  const viewport = useViewport();
  const route = routeForPath(opening ?? pathname);
  const video = route?.video === true;
  const showSidebar = viewport.hasSidebar && !video;
  const showTabBar = !viewport.hasSidebar && route?.tab !== undefined;
  const classes = ['app-shell', video && 'app-shell--video', showTabBar && 'app-shell--with-tab-bar']
    .filter(Boolean)
    .join(' ');
  const style = { '--sidebar-width': `${showSidebar ? viewport.sidebarWidth : 0}px` } as CSSProperties;

  return (
    <div className={classes} style={style} data-testid="app-shell">
      <NativeShellBridge />
      {showSidebar && <Sidebar selected={route?.tab} isMobile={viewport.isMobile} width={viewport.sidebarWidth} />}
      <div className="app-shell__main">
        {route && route.navKind !== 'custom' && (
          <NavBar kind={route.navKind ?? 'default'} title={t(route.titleKey)} showBack={route.tab === undefined} />
        )}
        <main className={video ? 'page page--video' : 'page'} data-testid="page">
          <div className={video ? 'page__column page__column--full' : 'page__column'}>
            {opening === null ? <Outlet /> : <PageLoading pathname={opening} />}
          </div>
        </main>
      </div>
      {showTabBar && <TabBar selected={route?.tab} isMobile={viewport.isMobile} />}
      <DramaSheetHost />
    </div>
  );
}
