import { createContext, useContext } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocation, useRouteError } from 'react-router';
import { Loading } from '../components/ui/loading';
import { NavBar } from '../components/ui/nav-bar';
import { PageFailure } from './page-failure';
import { routeForPath } from './routes';

/**
 * Stands in for a custom bar while its page loads or after it failed, so the viewer always has a
 * way back.
 */
function StandInBar({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const route = routeForPath(pathname);
  if (route?.navKind !== 'custom') return null;
  return <NavBar kind="custom" title={t(route.titleKey)} showBack={!route.tab} />;
}

/**
 * A page while the router fetches its code: until the router is ready (the route's
 * HydrateFallback; boot.tsx renders only then, so in the app a Retry shows it) and, shown by the
 * shell, while a navigation waits for it (`pathname`: the page being opened).
 */
export function PageLoading({ pathname }: { pathname?: string }) {
  const { pathname: current } = useLocation();
  return (
    <>
      <StandInBar pathname={pathname ?? current} />
      <Loading />
    </>
  );
}

/** Starts the pages afresh (router.tsx); a no-op outside the app. */
export const RetryPages = createContext<() => void>(() => undefined);

/** A page whose code did not load, or that threw while rendering (the route's ErrorBoundary). */
export function PageError() {
  const error = useRouteError();
  const retry = useContext(RetryPages);
  const { pathname } = useLocation();
  return (
    <>
      <StandInBar pathname={pathname} />
      <PageFailure error={error} onRetry={retry} />
    </>
  );
}
