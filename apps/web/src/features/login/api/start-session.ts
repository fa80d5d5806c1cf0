import type { Session } from '@cliffhanger/contract/browser';
import { setSession } from '../../../lib/session';

/** Every sign-in answers a contract Session; spec §3 stores token, refresh token and user info. */
export function startSession(session: Session): void {
  setSession({ token: session.token, refreshToken: session.refresh_token, userInfo: session.user });
}
