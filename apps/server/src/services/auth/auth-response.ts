import type { Session } from '@cliffhanger/contract';
import type { UserRow } from '../../db/schema.js';
import type { SessionTokens } from './session.service.js';
import { toUserInfo } from '../user-info.js';

/**
 * The contract `Session` every sign-in answers (SMS, password, OAuth, refresh): the tokens and
 * the user they belong to. `now` decides the VIP state; pass the service clock's time.
 */
export function sessionResponse(tokens: SessionTokens, user: UserRow, now: Date = new Date()): Session {
  return { ...tokens, user: toUserInfo(user, now) };
}
