import { Code, type Session } from '@cliffhanger/contract';
import type { ServerConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { UsersRepository } from '../../repositories/users.repository.js';
import type { Db } from '../../db/database.js';
import { sessionResponse } from './auth-response.js';
import { assertAcceptablePassword } from './password-policy.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher.js';
import { enforceRateLimit, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SessionService } from './session.service.js';
import { phoneOrThrow, type ClientInfo } from './sms-login.service.js';
import type { UserService } from '../user.service.js';

const HOUR_S = 3600;

export interface PasswordServiceDeps {
  db: Db;
  config: Pick<ServerConfig, 'passwordLoginEnabled' | 'loginHourlyCap'>;
  rateLimiter: RateLimiter;
  session: SessionService;
  users: UserService;
  clock: Clock;
}

function wrongPassword(): AppError {
  return new AppError(Code.SIGNIN_WRONG_PASSWORD, 'Wrong phone or password');
}

/** Phone + password sign-in, and setting or changing the password of a signed-in user. */
export class PasswordService {
  private readonly usersRepo: UsersRepository;

  constructor(private readonly deps: PasswordServiceDeps) {
    this.usersRepo = new UsersRepository(deps.db);
  }

  /**
   * Unknown phone, account without a password and wrong password all answer the same
   * Code.SIGNIN_WRONG_PASSWORD after the same amount of work, so the endpoint does not reveal which phones
   * are registered.
   */
  async login(input: { phone: string; password: string } & ClientInfo): Promise<Session> {
    const { config } = this.deps;
    if (!config.passwordLoginEnabled) {
      throw new AppError(Code.SIGNIN_METHOD_DISABLED, 'Password sign-in is disabled');
    }
    const phone = phoneOrThrow(input.phone);
    // Every attempt counts, right or wrong: the cap bounds guessing per account and per client.
    await enforceRateLimit(this.deps.rateLimiter, `login:phone:${phone}`, config.loginHourlyCap, HOUR_S);
    await enforceRateLimit(this.deps.rateLimiter, `login:ip:${input.ip}`, config.loginHourlyCap, HOUR_S);

    const user = await this.deps.users.findByPhone(phone);
    const matches =
      user?.passwordHash == null
        ? await verifyAgainstDummy(input.password)
        : await verifyPassword(user.passwordHash, input.password);
    if (!user || !matches) throw wrongPassword();

    const tokens = await this.deps.session.issue({
      userId: user.id,
      ip: input.ip,
      ...(input.userAgent === undefined ? {} : { userAgent: input.userAgent }),
    });
    return sessionResponse(tokens, user, this.deps.clock());
  }

  /**
   * Sets a first password, or changes it given the current one. A change signs out every other
   * session: whoever knew the old password may hold one of them.
   */
  async setPassword(input: {
    userId: number;
    sessionId: number;
    password: string;
    currentPassword: string | undefined;
  }): Promise<void> {
    const user = await this.deps.users.getActive(input.userId);
    assertAcceptablePassword(input.password);
    if (user.passwordHash !== null) {
      // A stolen session must not be a way to guess the password at full speed.
      const { rateLimiter, config } = this.deps;
      await enforceRateLimit(rateLimiter, `password:user:${user.id}`, config.loginHourlyCap, HOUR_S);
      if (input.currentPassword === undefined || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError(Code.SIGNIN_WRONG_PASSWORD, 'The current password is wrong', {
          fields: [{ field: 'body.current_password', message: 'does not match' }],
        });
      }
    }
    const passwordHash = await hashPassword(input.password);
    await this.deps.db.transaction(async (tx) => {
      await this.usersRepo.setPasswordHash(user.id, passwordHash, tx);
      if (user.passwordHash !== null) await this.deps.session.revokeOthersForUser(user.id, input.sessionId, tx);
    });
  }
}
