import type { ReactNode } from 'react';
import type { OperatorRole } from '@cliffhanger/contract/console';
import type { MessageKey } from '../i18n/messages';

/**
 * One page of an area (`src/pages/<area>/routes.tsx` exports an array of them). `path` is the
 * page's path inside the console (`/dramas/:id`, without the `/console` base); `element` may be
 * lazy, the layout waits for it. A page with `nav` is listed in the sidebar for the roles given
 * (`'all'`: every operator; an admin sees everything, as the API lets an admin call everything).
 * Every page sits behind sign-in.
 */
export interface ConsolePage {
  path: string;
  element: ReactNode;
  nav?: { labelKey: MessageKey; roles: readonly OperatorRole[] | 'all' };
}

/** Whether an operator of `role` is shown a page listed for `roles`. */
export function roleMaySee(roles: readonly OperatorRole[] | 'all', role: OperatorRole): boolean {
  return roles === 'all' || role === 'admin' || roles.includes(role);
}
