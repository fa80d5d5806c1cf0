import { postLogout } from '@cliffhanger/contract/browser';
import { silentApi } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * POST /auth/logout revokes the session on the server; whatever it answers (offline, already
 * expired), this device forgets the login state. Silent: a failed revoke is not the viewer's problem.
 */
export async function signOut(): Promise<void> {
  try {
    await silentApi.call(postLogout);
  } catch {
    // Ignored on purpose: signing out must always work on this device.
  }
  clearSession();
}
