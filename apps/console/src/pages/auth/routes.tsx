import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { SIGN_IN_PATH } from '../../app/sign-in-path';

const SignInPage = lazy(() => import('./SignInPage'));
const EnrolPage = lazy(() => import('./EnrolPage'));

/** The pages before a session: they stand outside the signed-in layout. */
export const authRoutes: RouteObject[] = [
  { path: SIGN_IN_PATH, element: <SignInPage /> },
  { path: '/enrol', element: <EnrolPage /> },
];
