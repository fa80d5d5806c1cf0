import { postTaskCheckin, type CheckinResult } from '@cliffhanger/contract/browser';
import { silentApi } from '../../../lib/api-client';
import { getSession, isSignedIn, storeCoinBalance } from '../../../lib/session';

/** The uid this launch has checked in for while it stayed signed in; null once signed out. */
let sentFor: number | null = null;

/**
 * POST /task/checkin at launch and at every later transition to signed in
 * (docs/product.md#check-in-at-launch; a visitor who signs in mid-session is owed today's check-in as much as
 * one who launched signed in), once per signed-in stretch. Silent: every error is ignored, and the silent
 * client shows no 'Network Error' toast. The answer (Code.OK for today's first check-in,
 * Code.ALREADY_DONE_TODAY for a repeat, both with the strip and the balance) stores the balance and is handed
 * to `onCheckedIn`, so the Rewards page and the wallet can refetch.
 */
export function sendCheckinOnSignIn(onCheckedIn?: (result: CheckinResult) => void): void {
  const uid = getSession().userInfo?.uid;
  if (!isSignedIn() || uid === undefined) {
    sentFor = null;
    return;
  }
  if (sentFor === uid) return;
  sentFor = uid;
  silentApi
    .call(postTaskCheckin, { body: {} })
    .then(({ data }) => {
      storeCoinBalance({ uid, coin: data.balance });
      onCheckedIn?.(data);
    })
    .catch(() => undefined);
}

/** Tests only: forget that this launch already checked in. */
export function resetLaunchCheckinForTests(): void {
  sentFor = null;
}
