import { Code, type Session } from '@cliffhanger/contract';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import type { KeyedHasher } from '../../lib/keyed-hash.js';
import { normalisePhone } from '../../lib/phone.js';
import { randomDigits } from '../../lib/random-string.js';
import { SmsCodesRepository } from '../../repositories/sms-codes.repository.js';
import { sessionResponse } from './auth-response.js';
import { enforceRateLimit, tooManyRequests, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SessionService } from './session.service.js';
import type { SmsSender } from '../sms/sms-sender.js';
import type { UserService } from '../user.service.js';

/**
 * Wrong tries a phone gets per hour, whatever number of codes it was sent: the 5th wrong try uses
 * the live code up (10^6 codes, 5 guesses an hour: 1 in 200 000 an hour). Counting per code would
 * give every resend five fresh guesses.
 */
const SMS_CODE_MAX_ATTEMPTS = 5;
const FAILURE_WINDOW_S = 3600;
const DAY_S = 86_400;
const CODE_LENGTH = 6;
const HOUR_S = 3600;

export interface SmsLoginServiceDeps {
  db: Db;
  config: Pick<
    ServerConfig,
    'appName' | 'smsCodeTtlS' | 'smsResendS' | 'smsPhoneHourlyCap' | 'smsIpHourlyCap' | 'smsPhoneDailyCap'
  >;
  hasher: KeyedHasher;
  sender: SmsSender;
  rateLimiter: RateLimiter;
  session: SessionService;
  users: UserService;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

type LoginOutcome =
  { kind: 'signed-in'; session: Session } | { kind: 'no-live-code' } | { kind: 'wrong-code'; attemptsLeft: number };

/** Code.SIGNIN_BAD_PHONE with the field named, like a schema failure, so forms can mark the input. */
export function phoneOrThrow(raw: string): string {
  const phone = normalisePhone(raw);
  if (phone === null) {
    throw new AppError(Code.SIGNIN_BAD_PHONE, 'Not a valid phone number in international format', {
      fields: [{ field: 'body.phone', message: 'is not a valid phone number (E.164, e.g. +905321234567)' }],
    });
  }
  return phone;
}

/**
 * Phone sign-in with a one-time code: send, then sign in (registering on first success).
 * Codes are stored only as HMAC(AUTH_SECRET, phone:code); a new send supersedes older codes.
 */
export class SmsLoginService {
  private readonly codes: SmsCodesRepository;

  constructor(private readonly deps: SmsLoginServiceDeps) {
    this.codes = new SmsCodesRepository(deps.db);
  }

  /**
   * The answer is the same whether or not the phone has an account, so this endpoint cannot be
   * used to find out who is registered.
   */
  async send(rawPhone: string, client: ClientInfo): Promise<{ resend_in: number }> {
    const { config } = this.deps;
    const phone = phoneOrThrow(rawPhone);
    const now = this.deps.clock();

    const code = randomDigits(CODE_LENGTH);
    // Everything that decides whether to send runs under the phone's lock: fifteen parallel sends
    // must see each other's codes, or each would pass the resend check and leave a live code.
    const row = await this.deps.db.transaction(async (tx) => {
      await this.codes.lockPhone(phone, tx);
      const lastSentAt = await this.codes.lastSentAt(phone, tx);
      if (lastSentAt) {
        const waitS = config.smsResendS - (now.getTime() - lastSentAt.getTime()) / 1000;
        if (waitS > 0) {
          throw new AppError(Code.SIGNIN_RESEND_TOO_EARLY, 'A code was sent moments ago', {
            resend_in: Math.ceil(waitS),
          });
        }
      }
      // The daily cap lives in the database: it holds across processes even without Redis.
      const sentToday = await this.codes.countSentSince(phone, addSeconds(now, -DAY_S), tx);
      if (sentToday >= config.smsPhoneDailyCap) throw tooManyRequests(DAY_S);
      // SMS costs money and can be used to harass a number: cap per phone and per client.
      await enforceRateLimit(this.deps.rateLimiter, `sms:phone:${phone}`, config.smsPhoneHourlyCap, HOUR_S);
      await enforceRateLimit(this.deps.rateLimiter, `sms:ip:${client.ip}`, config.smsIpHourlyCap, HOUR_S);

      // One live code per phone: a new code supersedes every older one.
      await this.codes.consumeAllLive(phone, now, tx);
      return this.codes.insert(
        {
          phone,
          codeHash: this.codeHash(phone, code),
          expiresAt: addSeconds(now, config.smsCodeTtlS),
          ip: client.ip,
          createdAt: now,
        },
        tx,
      );
    });

    try {
      await this.deps.sender.send(phone, `Your ${config.appName} code is ${code}`);
    } catch (error) {
      await this.codes.delete(row.id);
      this.deps.log?.warn({ err: error }, 'sms: sending a sign-in code failed');
      throw new AppError(Code.SIGNIN_PROVIDER_ERROR, 'The code could not be sent; try again later', null, {
        cause: error,
      });
    }
    return { resend_in: config.smsResendS };
  }

  /**
   * Checks the code, uses it up, registers the account on first sign-in and starts a session, all in one
   * transaction. The live code is row-locked, so a double-submitted form waits for the first attempt and then
   * finds the code used (Code.SIGNIN_CODE_EXPIRED) instead of creating a second user.
   */
  async login(input: { phone: string; code: string } & ClientInfo): Promise<Session> {
    const phone = phoneOrThrow(input.phone);
    const now = this.deps.clock();
    const outcome = await this.deps.db.transaction(async (tx): Promise<LoginOutcome> => {
      await this.codes.lockPhone(phone, tx);
      const live = await this.codes.findLiveForUpdate(phone, now, tx);
      if (!live) return { kind: 'no-live-code' };
      const since = addSeconds(now, -FAILURE_WINDOW_S);
      const earlier = await this.codes.failuresSince(phone, since, tx);
      if (earlier >= SMS_CODE_MAX_ATTEMPTS) {
        // The phone used its tries on earlier codes: even the right code waits for the hour.
        await this.codes.consume(live.id, now, tx);
        return { kind: 'no-live-code' };
      }
      if (!this.deps.hasher.matches(`${phone}:${input.code}`, live.codeHash)) {
        // Committed with the transaction: a wrong try counts even though the request fails.
        const left = SMS_CODE_MAX_ATTEMPTS - earlier - 1;
        await this.codes.recordFailure(live.id, left <= 0, now, tx);
        return { kind: 'wrong-code', attemptsLeft: Math.max(left, 0) };
      }
      await this.codes.consume(live.id, now, tx);
      const user = (await this.deps.users.findByPhone(phone, tx)) ?? (await this.deps.users.createUser({ phone }, tx));
      const tokens = await this.deps.session.issue(
        { userId: user.id, ip: input.ip, ...(input.userAgent === undefined ? {} : { userAgent: input.userAgent }) },
        tx,
      );
      return { kind: 'signed-in', session: sessionResponse(tokens, user, now) };
    });

    switch (outcome.kind) {
      case 'signed-in':
        return outcome.session;
      case 'no-live-code':
        throw new AppError(Code.SIGNIN_CODE_EXPIRED, 'No valid code for this phone; request a new one');
      case 'wrong-code':
        throw new AppError(Code.SIGNIN_WRONG_CODE, 'Wrong code', { attempts_left: outcome.attemptsLeft });
    }
  }

  private codeHash(phone: string, code: string): string {
    return this.deps.hasher.hash(`${phone}:${code}`);
  }
}
