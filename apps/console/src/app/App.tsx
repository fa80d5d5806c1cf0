import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { ConsoleApiError, setSessionEndedHandler } from '../api/console-api';
import { Loading } from '../components/Loading';
import { TotpProvider } from '../components/TotpProvider';
import { authRoutes } from '../pages/auth/routes';
import { HomePage } from './HomePage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RequireOperator } from './RequireOperator';
import { consolePages } from './routes';
import { signInPath, SIGN_IN_PATH } from './sign-in-path';

/** The console's routes: sign-in and enrolment on their own, every other page behind sign-in inside the layout. */
export const consoleRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    ),
    children: authRoutes,
  },
  {
    element: (
      <RequireOperator>
        <Layout />
      </RequireOperator>
    ),
    children: [
      { index: true, element: <HomePage /> },
      ...consolePages.map((page) => ({ path: page.path, element: page.element })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The path the console is served under; the router's paths are inside it. */
const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An answer code is the server's word: asking again will not change it.
        retry: (failures, error) => !(error instanceof ConsoleApiError && error.kind === 'code') && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app around a router (the browser's, or a test's memory router): queries, the fresh-TOTP
 * prompt, and the hand-over to sign-in whenever a call answers that the session has ended.
 */
export function ConsoleApp({ router, queryClient }: { router: ConsoleRouter; queryClient: QueryClient }) {
  useEffect(() => {
    setSessionEndedHandler(() => {
      const { pathname, search } = router.state.location;
      if (pathname === SIGN_IN_PATH) return;
      queryClient.removeQueries();
      void router.navigate(signInPath(`${pathname}${search}`), { replace: true });
    });
    return () => setSessionEndedHandler(null);
  }, [router, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <TotpProvider>
        <RouterProvider router={router} />
      </TotpProvider>
    </QueryClientProvider>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter(consoleRoutes, { basename: BASENAME }));
  const [queryClient] = useState(createConsoleQueryClient);
  return <ConsoleApp router={router} queryClient={queryClient} />;
}
