import type { ReasonText } from '../../components/ReasonField';
import { t } from '../../i18n/messages';
import { utcTime } from '../../i18n/utc-time';

/** Deleted, blocked or active, in that order of weight. */
export function viewerState(viewer: { deleted_at: string | null; blocked_at: string | null }): string {
  if (viewer.deleted_at !== null) return t('viewers.state.deleted');
  if (viewer.blocked_at !== null) return t('viewers.state.blocked');
  return t('viewers.state.active');
}

/** When a lot's coins expire: a moment in UTC, or never. */
export function expiryLabel(expiresAt: string | null): string {
  return expiresAt === null ? t('viewer.lot.never') : t('viewer.lot.expires', { at: utcTime(expiresAt) });
}

/** A price in whole cents as the console shows it beside its currency. */
export function priceLabel(cents: number, currency: string): string {
  return t('viewer.price', { amount: (cents / 100).toFixed(2), currency });
}

/** The reason every change of a viewer's account asks for, kept in the audit log. */
export const VIEWER_REASON = {
  label: 'viewer.reason',
  hint: 'viewer.reasonHint',
  missing: 'viewer.reasonError',
} as const satisfies Required<ReasonText>;
