import { postTaskCheckin } from '@cliffhanger/contract';
import { silentApi } from '../../../lib/api-client';
import { isSignedIn } from '../../../lib/session';

let sent = false;

/**
 * Spec §4/§7: POST /task/checkin once per launch when signed in. Silent: the answer and every
 * error are ignored, and the silent client shows no 'Network Error' toast.
 */
export function sendLaunchCheckin(): void {
  if (sent || !isSignedIn()) return;
  sent = true;
  silentApi.call(postTaskCheckin).catch(() => undefined);
}

/** Tests only: forget that this launch already checked in. */
export function resetLaunchCheckinForTests(): void {
  sent = false;
}
