import { authMessages } from '../pages/auth/messages';
import { catalogueMessages } from '../pages/catalogue/messages';
import { episodeUploadMessages } from '../pages/catalogue/episode-upload/messages';
import { editorialMessages } from '../pages/editorial/messages';
import { productsMessages } from '../pages/products/messages';
import { viewersMessages } from '../pages/viewers/messages';
import { ordersMessages } from '../pages/orders/messages';
import { reportsMessages } from '../pages/reports/messages';
import { moderationMessages } from '../pages/moderation/messages';
import { accountMessages } from '../pages/account/messages';
import { auditMessages } from '../pages/audit/messages';
import { operatorsMessages } from '../pages/operators/messages';
import { coreMessages } from './core-messages';

/**
 * The console's one catalogue (English). Each area keeps its words in its own
 * `src/pages/<area>/messages.ts`, keys prefixed by the area, spread in here on one line;
 * messages.test.ts fails when two parts define the same key.
 */
export const messages = {
  ...coreMessages,
  ...authMessages,
  ...catalogueMessages,
  ...episodeUploadMessages,
  ...editorialMessages,
  ...productsMessages,
  ...viewersMessages,
  ...ordersMessages,
  ...reportsMessages,
  ...moderationMessages,
  ...operatorsMessages,
  ...auditMessages,
  ...accountMessages,
} as const;

export type MessageKey = keyof typeof messages;
export type MessageVars = Record<string, string | number>;

/** The text of `key`, with each `{name}` replaced by `vars.name`. */
export function t(key: MessageKey, vars?: MessageVars): string {
  const text: string = messages[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}
