import type { OperatorRole } from '@cliffhanger/contract/console';
import type { MessageKey } from '../i18n/messages';
import { roleMaySee } from './console-page';
import { consolePages } from './routes';

export interface NavEntry {
  path: string;
  labelKey: MessageKey;
}

/** The sidebar's entries an operator of `role` is shown, in the order of the page list. */
export function navEntriesFor(role: OperatorRole): NavEntry[] {
  return consolePages.flatMap((page) =>
    page.nav && roleMaySee(page.nav.roles, role) ? [{ path: page.path, labelKey: page.nav.labelKey }] : [],
  );
}
