import type { Session } from '@cliffhanger/contract';
import type { Clock } from '../../lib/clock.js';
import { sessionResponse } from './auth-response.js';
import type { SessionService } from './session.service.js';
import type { UserService } from '../user.service.js';

export interface TokenRefreshServiceDeps {
  session: SessionService;
  users: UserService;
  clock: Clock;
}

/** POST /auth/refresh: rotate the tokens and answer the full Session, like a sign-in. */
export class TokenRefreshService {
  constructor(private readonly deps: TokenRefreshServiceDeps) {}

  async refresh(refreshToken: string): Promise<Session> {
    const { tokens, userId } = await this.deps.session.refresh(refreshToken);
    const user = await this.deps.users.getActive(userId);
    return sessionResponse(tokens, user, this.deps.clock());
  }
}
