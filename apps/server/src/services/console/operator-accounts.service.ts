import { Code, PASSWORD_MAX, PASSWORD_MIN } from '@cliffhanger/contract';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/database.js';
import type { OperatorRole, OperatorRow } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { randomString, UNAMBIGUOUS_ALPHABET } from '../../lib/random-string.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import { OperatorsSessionsRepository } from '../../repositories/operators-sessions.repository.js';
import { OperatorsRepository } from '../../repositories/operators.repository.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password-hasher.js';
import { assertAcceptablePassword } from '../auth/password-policy.js';
import { enforceRateLimit, type RateLimiter } from '../rate-limit/rate-limiter.js';
import { newEnrolment } from './enrolment-link.js';

const HOUR_S = 3600;
const SESSION_IDLE_S = 30 * 60;
const SESSION_MAX_S = 12 * HOUR_S;
const MAX_FAILURES = 5;
const LOCK_S = 15 * 60;
const RECOVERY_CODES = 10;
const RECOVERY_CODE_LENGTH = 10;
/** Sign-in attempts from one address, whichever accounts they name: bounds guessing across many e-mails. */
const SIGN_IN_PER_IP = { limit: 20, windowS: 15 * 60 };

export interface OperatorIdentity {
  id: number;
  email: string;
  role: OperatorRole;
}

/** Who made a change, for the audit log: the command line has no operator. */
export interface AuditActor {
  operatorId: number | null;
  reason?: string | undefined;
}

/** What createOperator hands back: the token goes into the enrolment link, and is not stored. */
interface CreatedOperator {
  operatorId: number;
  enrolmentToken: string;
  expiresAt: Date;
}

function freshTotpRequired(): AppError {
  return new AppError(Code.OPERATOR_TOTP_REQUIRED, 'This action needs a fresh code from the authenticator');
}

function totpFor(email: string, secret: OTPAuth.Secret): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: 'Cliffhanger', label: email, algorithm: 'SHA1', digits: 6, period: 30, secret });
}

/** The time step a TOTP code belongs to (±1 step of clock drift allowed), or null when it is wrong. */
function acceptedStep(totp: OTPAuth.TOTP, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Recovery codes are read from paper: case, spaces and dashes do not matter. */
function normalisedRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function normalisedEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) {
    throw new AppError(Code.INVALID_INPUT, 'Not an e-mail address', {
      fields: [{ field: 'email', message: 'invalid' }],
    });
  }
  return normalised;
}

const enrolmentInvalid = () =>
  new AppError(Code.OPERATOR_ENROLMENT_INVALID, 'The enrolment link is unknown, used or expired');
// One answer for every wrong factor, so a guesser does not learn which one was right.
const wrongCredentials = () => new AppError(Code.SIGNIN_WRONG_PASSWORD, 'Wrong e-mail, password or code');
const sessionEnded = () => new AppError(Code.SESSION_EXPIRED, 'The operator session has ended');

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const code = randomString(RECOVERY_CODE_LENGTH, UNAMBIGUOUS_ALPHABET);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The viewers' password rules: 8-72 characters (70009 beyond the length: common or one repeated character). */
function assertOperatorPassword(password: string, field: string): void {
  if ([...password].length < PASSWORD_MIN || [...password].length > PASSWORD_MAX) {
    throw new AppError(Code.INVALID_INPUT, `The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, {
      fields: [{ field, message: 'length' }],
    });
  }
  assertAcceptablePassword(password);
}

/**
 * Operators' accounts (docs/console.md): creation with a one-time enrolment link, enrolment
 * (password + TOTP + recovery codes), sign-in with a lockout, sessions, and the audit log.
 */
export class OperatorAccountsService {
  private readonly operators: OperatorsRepository;
  private readonly sessions: OperatorsSessionsRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; rateLimiter?: RateLimiter }) {
    this.operators = new OperatorsRepository(deps.db);
    this.sessions = new OperatorsSessionsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  /**
   * A new operator, not yet able to sign in, and the token of their enrolment link (valid 72 h).
   * The command line and an admin's invitation both come here; `by` says which for the audit log.
   */
  async createOperator(
    email: string,
    role: OperatorRole,
    by: AuditActor = { operatorId: null },
  ): Promise<CreatedOperator> {
    const address = normalisedEmail(email);
    const now = this.deps.clock();
    const { token: enrolmentToken, tokenHash, expiresAt } = newEnrolment(now);
    try {
      const operatorId = await this.deps.db.transaction(async (tx) => {
        const operator = await this.operators.insert({ email: address, role, createdAt: now }, tx);
        await this.operators.insertEnrolment(
          { operatorId: operator.id, tokenHash, expiresAt, createdAt: now },
          tx,
        );
        await this.audit.insert(
          {
            operatorId: by.operatorId,
            at: now,
            action: 'operator.invite',
            target: `operator:${operator.id}`,
            after: { email: address, role },
            reason: by.reason ?? '',
          },
          tx,
        );
        return operator.id;
      });
      return { operatorId, enrolmentToken, expiresAt };
    } catch (error) {
      if (isUniqueViolation(error, 'operators_email_unique')) {
        throw new AppError(Code.OPERATOR_EMAIL_TAKEN, 'An operator with this e-mail already exists');
      }
      throw error;
    }
  }

  /**
   * A fresh TOTP secret for the authenticator app (`uri` is what the QR code shows). Asking again
   * replaces it: the secret last shown is the one completeEnrolment checks against.
   */
  async startEnrolment(token: string): Promise<{ email: string; secret: string; uri: string }> {
    const { enrolment, operator } = await this.openEnrolment(token);
    const secret = new OTPAuth.Secret({ size: 20 });
    await this.operators.setPendingTotpSecret(enrolment.id, secret.base32);
    return { email: operator.email, secret: secret.base32, uri: totpFor(operator.email, secret).toString() };
  }

  /** Sets the password and TOTP secret, uses up the link, and returns the recovery codes (shown once). */
  async completeEnrolment(token: string, password: string, totpCode: string): Promise<string[]> {
    const { enrolment, operator } = await this.openEnrolment(token);
    if (enrolment.pendingTotpSecret === null) throw enrolmentInvalid();
    assertOperatorPassword(password, 'body.password');
    const now = this.deps.clock();
    const totp = totpFor(operator.email, OTPAuth.Secret.fromBase32(enrolment.pendingTotpSecret));
    const step = acceptedStep(totp, totpCode, now);
    if (step === null) throw new AppError(Code.SIGNIN_WRONG_CODE, 'Wrong authenticator code');

    const passwordHash = await hashPassword(password);
    const codes = newRecoveryCodes();
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.operators.useEnrolment(enrolment.id, now, tx))) throw enrolmentInvalid();
      await this.operators.setEnrolled(
        operator.id,
        { passwordHash, totpSecret: enrolment.pendingTotpSecret ?? '', lastTotpStep: step, enrolledAt: now },
        tx,
      );
      await this.operators.replaceRecoveryCodes(
        operator.id,
        codes.map((code) => sha256Hex(normalisedRecoveryCode(code))),
        tx,
      );
      await this.audit.insert(
        { operatorId: operator.id, at: now, action: 'operator.enrol', target: `operator:${operator.id}` },
        tx,
      );
    });
    return codes;
  }

  /**
   * A session token for an enrolled, enabled operator. `code` is a six-digit TOTP code (each
   * accepted once) or one of the recovery codes (each usable once). Every wrong password or code
   * counts; the fifth in a row locks the account for 15 minutes, during which even the right
   * credentials are refused.
   */
  async signIn(email: string, password: string, code: string): Promise<string> {
    const now = this.deps.clock();
    const operator = await this.operators.findByEmail(email.trim().toLowerCase());
    if (operator?.lockedUntil && operator.lockedUntil > now) {
      throw new AppError(Code.OPERATOR_LOCKED, 'Too many failed attempts; try again later', {
        retry_after_s: Math.ceil((operator.lockedUntil.getTime() - now.getTime()) / 1000),
      });
    }
    const usable = operator?.passwordHash != null && operator.totpSecret !== null && operator.disabledAt === null;
    const passwordMatches = usable
      ? await verifyPassword(operator.passwordHash ?? '', password)
      : await verifyAgainstDummy(password);
    if (!operator || !usable) throw wrongCredentials();
    if (!passwordMatches || !(await this.secondFactorAccepted(operator, code, now))) {
      await this.countFailure(operator.id, now);
      throw wrongCredentials();
    }

    const token = randomToken();
    await this.sessions.insert({
      tokenHash: sha256Hex(token),
      operatorId: operator.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: addSeconds(now, SESSION_MAX_S),
    });
    await this.operators.recordSignIn(operator.id, now);
    return token;
  }

  /** signIn from a client address: attempts per address are bounded before any account is looked at. */
  async signInFrom(ip: string, email: string, password: string, code: string): Promise<string> {
    if (this.deps.rateLimiter) {
      await enforceRateLimit(this.deps.rateLimiter, `console-sign-in:${ip}`, SIGN_IN_PER_IP.limit, SIGN_IN_PER_IP.windowS);
    }
    return this.signIn(email, password, code);
  }

  /** The operator signed in with `token`; each call keeps an idle session alive another 30 minutes. */
  async sessionOf(token: string): Promise<OperatorIdentity> {
    const hash = sha256Hex(token);
    const found = await this.sessions.findByTokenHash(hash);
    if (!found) throw sessionEnded();
    const now = this.deps.clock();
    const idleUntil = addSeconds(found.session.lastSeenAt, SESSION_IDLE_S);
    if (now >= found.session.expiresAt || now >= idleUntil) {
      await this.sessions.deleteByTokenHash(hash);
      throw sessionEnded();
    }
    if (found.operator.disabledAt !== null) {
      await this.sessions.deleteByTokenHash(hash);
      throw new AppError(Code.SESSION_REVOKED, 'The operator account is disabled');
    }
    await this.sessions.touch(found.session.id, now);
    await this.operators.recordSeen(found.operator.id, now);
    const { id, email, role } = found.operator;
    return { id, email, role };
  }

  /**
   * A money action's second look: a TOTP code from the authenticator, newer than any accepted
   * before (a code seen at sign-in or on another action does not count twice). A wrong code counts
   * towards the lock like a wrong sign-in.
   */
  async confirmFreshTotp(operatorId: number, code: string | undefined): Promise<void> {
    const now = this.deps.clock();
    const operator = await this.operators.findById(operatorId);
    if (!operator || operator.totpSecret === null) throw freshTotpRequired();
    if (operator.lockedUntil && operator.lockedUntil > now) {
      throw new AppError(Code.OPERATOR_LOCKED, 'Too many failed attempts; try again later', {
        retry_after_s: Math.ceil((operator.lockedUntil.getTime() - now.getTime()) / 1000),
      });
    }
    if (code === undefined || !/^\d{6}$/.test(code)) throw freshTotpRequired();
    const totp = totpFor(operator.email, OTPAuth.Secret.fromBase32(operator.totpSecret));
    const step = acceptedStep(totp, code, now);
    if (step === null || !(await this.operators.acceptSignIn(operator.id, step))) {
      await this.countFailure(operator.id, now);
      throw freshTotpRequired();
    }
  }

  async signOut(token: string): Promise<void> {
    await this.sessions.deleteByTokenHash(sha256Hex(token));
  }

  /**
   * The signed-in operator's new password, after the current one. The route also wants a fresh
   * authenticator code, each usable once, so a borrowed session guesses at most one password per
   * 30-second code. Their other sessions end; the one of `keepToken` (this browser) stays.
   */
  async changePassword(
    operatorId: number,
    currentPassword: string,
    newPassword: string,
    keepToken: string | undefined,
  ): Promise<void> {
    const operator = await this.operators.findById(operatorId);
    if (!operator?.passwordHash) throw sessionEnded();
    const now = this.deps.clock();
    if (!(await verifyPassword(operator.passwordHash, currentPassword))) {
      throw new AppError(Code.SIGNIN_WRONG_PASSWORD, 'The current password is wrong', {
        fields: [{ field: 'body.current_password', message: 'wrong' }],
      });
    }
    assertOperatorPassword(newPassword, 'body.new_password');
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction(async (tx) => {
      await this.operators.setPasswordHash(operator.id, passwordHash, tx);
      const keep = keepToken === undefined ? undefined : sha256Hex(keepToken);
      const ended = await this.sessions.deleteAllOf(operator.id, tx, keep);
      await this.audit.insert(
        {
          operatorId: operator.id,
          at: now,
          action: 'operator.password',
          target: `operator:${operator.id}`,
          after: { other_sessions_ended: ended },
        },
        tx,
      );
    });
  }

  /** Ten new recovery codes for the signed-in operator (shown once); the old ones stop working. */
  async regenerateRecoveryCodes(operatorId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const now = this.deps.clock();
    await this.deps.db.transaction(async (tx) => {
      await this.operators.replaceRecoveryCodes(
        operatorId,
        codes.map((code) => sha256Hex(normalisedRecoveryCode(code))),
        tx,
      );
      await this.audit.insert(
        { operatorId, at: now, action: 'operator.recovery_codes', target: `operator:${operatorId}` },
        tx,
      );
    });
    return codes;
  }

  /** Ends every session of the operator, the caller's included (a browser left signed in somewhere). */
  async signOutEverywhere(operatorId: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction(async (tx) => {
      const ended = await this.sessions.deleteAllOf(operatorId, tx);
      await this.audit.insert(
        {
          operatorId,
          at: now,
          action: 'operator.sign_out_everywhere',
          target: `operator:${operatorId}`,
          after: { sessions_ended: ended },
        },
        tx,
      );
    });
  }

  /** Appends to the audit log; `before`/`after` are the target's state around the change (JSON). */
  async recordAudit(
    operatorId: number,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
    reason: string,
  ): Promise<void> {
    await this.audit.insert({ operatorId, at: this.deps.clock(), action, target, before, after, reason });
  }

  private async openEnrolment(token: string) {
    const enrolment = await this.operators.findOpenEnrolment(sha256Hex(token), this.deps.clock());
    const operator = enrolment && (await this.operators.findById(enrolment.operatorId));
    if (!enrolment || !operator || operator.disabledAt !== null) throw enrolmentInvalid();
    return { enrolment, operator };
  }

  private async secondFactorAccepted(operator: OperatorRow, code: string, now: Date): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const totp = totpFor(operator.email, OTPAuth.Secret.fromBase32(operator.totpSecret ?? ''));
      const step = acceptedStep(totp, code, now);
      return step !== null && (await this.operators.acceptSignIn(operator.id, step));
    }
    const used = await this.operators.useRecoveryCode(operator.id, sha256Hex(normalisedRecoveryCode(code)), now);
    return used && (await this.operators.acceptSignIn(operator.id, null));
  }

  private async countFailure(operatorId: number, now: Date): Promise<void> {
    if ((await this.operators.countFailure(operatorId)) >= MAX_FAILURES) {
      await this.operators.lock(operatorId, addSeconds(now, LOCK_S));
    }
  }
}
