import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToastHost } from '../components/ui/toast-host';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with the app's providers (query client, toasts). */
export function renderRoutes(
  routes: RouteObject[],
  options: { initialEntries?: string[]; queryClient?: QueryClient; strict?: boolean } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const queryClient = options.queryClient ?? testQueryClient();
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  );
  // strict: as app/boot.tsx renders it, with React's double effects in development.
  const result: RenderResult = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, queryClient };
}

/** Renders one element at `path` (default /). */
export function renderPage(element: ReactElement, path = '/', queryClient?: QueryClient) {
  // Anywhere else the page navigates to renders nothing.
  return renderRoutes(
    [
      { path: path.split('?')[0], element },
      { path: '*', element: null },
    ],
    { initialEntries: [path], queryClient },
  );
}

/** Shows where the router is, for routes a test navigates to. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
