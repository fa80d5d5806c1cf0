import { postTaskCheckin, type CheckinResult } from '@cliffhanger/contract';
import { silentApi } from '../../../lib/api-client';
import { getSession, isSignedIn, storeCoinBalance } from '../../../lib/session';

let sent = false;

/**
 * Spec §4/§7: POST /task/checkin once per launch when signed in. Silent: every error is ignored,
 * and the silent client shows no 'Network Error' toast. The answer (200 for today's first
 * check-in, 40702 for a repeat, both with the strip and the balance) stores the balance and is
 * handed to `onCheckedIn`, so the Rewards page and the wallet can refetch.
 */
export function sendLaunchCheckin(onCheckedIn?: (result: CheckinResult) => void): void {
  if (sent || !isSignedIn()) return;
  sent = true;
  const uid = getSession().userInfo?.uid;
  silentApi
    .call(postTaskCheckin, { body: {} })
    .then(({ data }) => {
      if (uid !== undefined) storeCoinBalance({ uid, coin: data.balance });
      onCheckedIn?.(data);
    })
    .catch(() => undefined);
}

/** Tests only: forget that this launch already checked in. */
export function resetLaunchCheckinForTests(): void {
  sent = false;
}
