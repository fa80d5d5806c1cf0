/**
 * The episode a viewer was short of coins for when they left for checkout from the unlock
 * dialog. Checkout (Stripe's page) is another site: the app is reloaded on the way back, so this
 * is kept in the tab's sessionStorage, which survives the round trip in the same tab.
 *
 * The payment result page reads it to offer the way back to that episode; the video page, once
 * the bought coins cover the price, unlocks it without asking again (the viewer already asked).
 * It expires, so a forgotten note never spends coins days later.
 */
export interface PendingUnlock {
  dramaId: number;
  episodeId: number;
  episodeNumber: number;
  /** Epoch ms when it was written. */
  at: number;
}

const KEY = 'pending_unlock';
/** Long enough to pay (Checkout sessions last far longer, but a purchase takes minutes). */
const PENDING_UNLOCK_TTL_MS = 60 * 60_000;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberPendingUnlock(target: Omit<PendingUnlock, 'at'>, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...target, at: now }));
  } catch {
    // Blocked storage: the viewer finds the episode again by hand.
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

export function peekPendingUnlock(now = Date.now()): PendingUnlock | null {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingUnlock>;
    if (!isId(value.dramaId) || !isId(value.episodeId) || !isId(value.episodeNumber)) return null;
    if (typeof value.at !== 'number' || now - value.at > PENDING_UNLOCK_TTL_MS || value.at > now) return null;
    return value as PendingUnlock;
  } catch {
    return null;
  }
}

export function forgetPendingUnlock(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
