import { lazy } from 'react';
import type { ConsolePage } from '../../app/console-page';

const ModerationPage = lazy(() => import('./ModerationPage'));

/** Comment moderation: support (and admins). */
export const moderationPages: ConsolePage[] = [
  { path: '/moderation', element: <ModerationPage />, nav: { labelKey: 'moderation.nav', roles: ['support'] } },
];
