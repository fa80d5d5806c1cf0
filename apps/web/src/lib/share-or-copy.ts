import { copyText } from './clipboard';
import { i18n } from './i18n';
import { shareSheet } from './native-shell';
import { showToast } from './toast';

/** How a link reached someone: the share sheet, or the clipboard. */
export type ShareChannel = 'web_share' | 'copy_link';

/**
 * Shares a link through the share sheet where there is one (iOS's own inside the app, else Web
 * Share), else copies it. Answers the channel that worked, or null when nothing was shared: the
 * viewer closed the sheet (no message), or sharing and copying failed ('Share failed' is shown).
 */
export async function shareOrCopy(content: {
  title?: string;
  text?: string;
  url: string;
}): Promise<ShareChannel | null> {
  const outcome = await shareSheet(content);
  if (outcome === 'cancelled') return null;
  if (outcome === 'shared') return 'web_share';
  if (outcome === 'unavailable' && (await copyText(content.url))) return 'copy_link';
  showToast(i18n.t('errors.shareFailed'));
  return null;
}
