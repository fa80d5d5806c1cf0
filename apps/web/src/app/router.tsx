import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell';
import { PageHost } from './page-host';
import { RootError } from './root-error';
import { ROUTES, type RouteDef } from './routes';

const pageRoute = (path: string, route: RouteDef): RouteObject => ({
  path,
  // One host per route path, so a failure on one page never sticks to the next.
  element: <PageHost key={route.path} route={route} />,
  handle: route,
});

/** History mode, base / (spec §2). / is home; an unknown path goes home. */
export function routeObjects(): RouteObject[] {
  const home = ROUTES[0]!;
  return [
    {
      element: <AppShell />,
      errorElement: <RootError />,
      children: [
        pageRoute('/', home),
        ...ROUTES.map((route) => pageRoute(route.path, route)),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects(), { basename: '/' });
}
