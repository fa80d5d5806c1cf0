import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/ui/loading';
import { NavBar } from '../components/ui/nav-bar';
import { forgetPage, lazyPage, PageLoadError } from './lazy-page';
import { PageErrorBoundary } from './page-error-boundary';
import { PageFailure } from './page-failure';
import type { RouteDef } from './routes';

/**
 * Stands in for a custom bar while its page loads or after it failed, so the viewer always has a
 * way back.
 */
function StandInBar({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  if (route.navKind !== 'custom') return null;
  return <NavBar kind="custom" title={t(route.titleKey)} showBack={!route.tab} />;
}

/** Loads a route's page on first visit and shows it, or a failure the viewer can retry. */
export function PageHost({ route }: { route: RouteDef }) {
  const [attempt, setAttempt] = useState(0);
  const [Page, setPage] = useState(() => lazyPage(route.path, route.load));
  const onRetry = (error: unknown) => {
    if (error instanceof PageLoadError) {
      forgetPage(route.path);
      setPage(() => lazyPage(route.path, route.load));
    }
    setAttempt((n) => n + 1);
  };
  return (
    <PageErrorBoundary
      key={attempt}
      onRetry={onRetry}
      fallback={(error, retry) => (
        <>
          <StandInBar route={route} />
          <PageFailure error={error} onRetry={retry} />
        </>
      )}
    >
      <Suspense
        fallback={
          <>
            <StandInBar route={route} />
            <Loading />
          </>
        }
      >
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
