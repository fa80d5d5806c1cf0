import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createBrowserRouter,
  Navigate,
  RouterProvider,
  type LoaderFunctionArgs,
  type Location,
  type RouteObject,
} from 'react-router';
import { AppShell } from './layout/app-shell';
import { PageLoadError } from './page-failure';
import { PageError, PageLoading, RetryPages } from './page-states';
import { RootError } from './root-error';
import { ROUTES, type RouteDef } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * One page: the router fetches its code on the first visit (`lazy`) and, in parallel, what its
 * first screen needs (`loader`: React Router runs a route's own loader alongside its lazy, not
 * after it). The loader runs on entering the page; what the page changes in its own query (the
 * next episode) it fetches itself.
 */
export function pageRoute(path: string, route: RouteDef, queryClient: QueryClient): RouteObject {
  const { load, loadData } = route;
  return {
    path,
    lazy: () =>
      load().then(
        (Component) => ({ Component }),
        (cause: unknown) => {
          throw new PageLoadError(cause);
        },
      ),
    ...(loadData && {
      loader: async ({ request }: LoaderFunctionArgs) =>
        (await loadData(queryClient, new URL(request.url).search)) ?? null,
      shouldRevalidate: () => false,
    }),
    HydrateFallback: PageLoading,
    ErrorBoundary: PageError,
  };
}

/** History mode, base / (docs/product.md#screens-and-routes). / is home; an unknown path goes home. */
export function routeObjects(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RootError />,
      children: [
        pageRoute('/', ROUTES[0]!, queryClient),
        ...ROUTES.map((route) => pageRoute(route.path, route, queryClient)),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/** Starts loading the page at the address bar's location at once. */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(routeObjects(queryClient), { basename: '/' });
}

/** Resolves once the router has the first page's code and data: the first render shows the page. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * The app's router. A page's Retry replaces it with a new one at the same location: React Router
 * keeps a route's failed `lazy` for good (one promise per route object, never dropped), so only
 * new routes fetch the code again.
 */
export function AppRouterProvider({
  router: first,
  rebuild,
}: {
  router: AppRouter;
  rebuild: (at: Location) => AppRouter;
}) {
  const [router, setRouter] = useState(first);
  const retry = () => {
    router.dispose();
    setRouter(rebuild(router.state.location));
  };
  return (
    <RetryPages.Provider value={retry}>
      <RouterProvider router={router} />
    </RetryPages.Provider>
  );
}
