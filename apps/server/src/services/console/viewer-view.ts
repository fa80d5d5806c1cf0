import type { ViewerLedgerEntry, ViewerSummary } from '@cliffhanger/contract/console';
import type { ViewerSearchRow } from '../../repositories/console-viewers.repository.js';
import type { LedgerResult } from '../wallet/wallet.service.js';
import type { EntryWithLot } from '../wallet/wallet-support-view.js';

/** Dates as the console's JSON carries them. */
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

export function viewerSummaryOf(row: ViewerSearchRow): ViewerSummary {
  const { user } = row;
  const matchedBy: ViewerSummary['matched_by'] = [];
  if (row.byUid) matchedBy.push('uid');
  if (row.byPhone) matchedBy.push('phone');
  if (row.byInviteCode) matchedBy.push('invite_code');
  if (row.byOrder) matchedBy.push('order');
  return {
    uid: user.id,
    nickname: user.nickname,
    phone: user.phone,
    avatar: user.avatar,
    coin: user.coin,
    created_at: iso(user.createdAt),
    deleted_at: isoOrNull(user.deletedAt),
    blocked_at: isoOrNull(user.blockedAt),
    matched_by: matchedBy,
  };
}

export function ledgerEntryOf(entry: LedgerResult['entry']): Omit<ViewerLedgerEntry, 'lot'> {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    ref: entry.ref,
    created_at: iso(entry.createdAt),
  };
}

export function ledgerRowOf({ entry, lot }: EntryWithLot): ViewerLedgerEntry {
  return {
    ...ledgerEntryOf(entry),
    lot: lot && { remaining: lot.remaining, expires_at: isoOrNull(lot.expiresAt) },
  };
}
