import { Code, type Session } from '@cliffhanger/contract';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { createHmac } from 'node:crypto';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import {
  SessionsRepository,
  type RotatedAwayLookup,
  type SessionCheck,
} from '../../repositories/sessions.repository.js';
import type { AuthContext } from '../../http/auth-context.js';

/** What a sign-in hands to the client (plus the user, see auth-response.ts). */
export type SessionTokens = Omit<Session, 'user'>;

export interface IssueSessionInput {
  userId: number;
  userAgent?: string;
  ip?: string;
}

export interface RefreshResult {
  tokens: SessionTokens;
  userId: number;
  sessionId: number;
}

export interface SessionServiceDeps {
  db: Db;
  config: Pick<ServerConfig, 'accessTokenTtlS' | 'refreshTokenTtlS'>;
  /** Key deriving a rotation's tokens from the presented refresh token (see `rotationOf`). */
  secret: Buffer;
  clock: Clock;
}

/**
 * Two refreshes with one token within this many seconds are one client racing itself (two tabs,
 * a retried request), not a thief: the second gets the same rotated pair instead of a revoked
 * session. Past it, a reused refresh token still revokes the session.
 */
export const REFRESH_GRACE_S = 10;

function accountBlocked(): AppError {
  return new AppError(Code.ACCOUNT_BLOCKED, 'This account is blocked');
}

/** Stored device details are for the user's own review; cap them so a header cannot bloat a row. */
const DEVICE_FIELD_MAX = 256;

/**
 * Sessions (docs/accounts.md#sessions): opaque random tokens, only their SHA-256 hashes stored. The access
 * token is short-lived; the refresh token lives longer and rotates on every refresh. A rotated-away refresh
 * token presented again is treated as stolen and ends the whole session.
 */
export class SessionService {
  private readonly repo: SessionsRepository;

  constructor(private readonly deps: SessionServiceDeps) {
    this.repo = new SessionsRepository(deps.db);
  }

  /**
   * The pair a refresh token rotates into: HMAC(secret, label:refresh token). Deterministic, so a
   * second refresh within the grace window can answer the same pair without the server keeping
   * any token in clear; unguessable without both the server's key and the presented token.
   */
  private rotationOf(refreshToken: string): { token: string; refresh: string } {
    const derive = (label: string) =>
      createHmac('sha256', this.deps.secret).update(`${label}:${refreshToken}`).digest('base64url');
    return { token: derive('session-access'), refresh: derive('session-refresh') };
  }

  /**
   * The pair already handed out for this rotated-away refresh token, when its rotation is recent
   * and that pair is still the session's current one (the client has not refreshed again since).
   */
  private graceRepeat(found: RotatedAwayLookup, refreshToken: string, now: Date): RefreshResult | undefined {
    const { session } = found;
    const next = this.rotationOf(refreshToken);
    const recent = now.getTime() - found.rotatedAt.getTime() <= REFRESH_GRACE_S * 1000;
    if (!recent || session.revokedAt !== null || found.userDeletedAt !== null) return undefined;
    if (session.refreshHash !== sha256Hex(next.refresh)) return undefined;
    return {
      tokens: { token: next.token, refresh_token: next.refresh, expires_in: this.deps.config.accessTokenTtlS },
      userId: session.userId,
      sessionId: session.id,
    };
  }

  /** Starts a session. Pass `tx` to make it part of a sign-in transaction (user creation, code use). */
  async issue(input: IssueSessionInput, tx?: Db): Promise<SessionTokens> {
    // Every sign-in (SMS, password, third party) ends here: a blocked account gets no new session.
    if (await this.repo.userBlocked(input.userId, tx)) throw accountBlocked();
    const now = this.deps.clock();
    const token = randomToken();
    const refreshToken = randomToken();
    await this.repo.insert(
      {
        userId: input.userId,
        tokenHash: sha256Hex(token),
        refreshHash: sha256Hex(refreshToken),
        tokenExpiresAt: addSeconds(now, this.deps.config.accessTokenTtlS),
        refreshExpiresAt: addSeconds(now, this.deps.config.refreshTokenTtlS),
        userAgent: (input.userAgent ?? '').slice(0, DEVICE_FIELD_MAX),
        ip: (input.ip ?? '').slice(0, DEVICE_FIELD_MAX),
        createdAt: now,
      },
      tx,
    );
    return { token, refresh_token: refreshToken, expires_in: this.deps.config.accessTokenTtlS };
  }

  /**
   * The session behind an Authorization value, which the web fills with the refresh token when the client has
   * one, else the access token (docs/product.md#api-calls); either resolves. Each is checked against its own
   * expiry. Revoked sessions and deleted accounts → Code.SESSION_REVOKED, blocked accounts →
   * Code.ACCOUNT_BLOCKED, expired → Code.SESSION_EXPIRED, unknown → Code.NOT_SIGNED_IN.
   */
  async resolve(rawToken: string): Promise<AuthContext> {
    const hash = sha256Hex(rawToken);
    return this.check(hash, await this.repo.findByTokenOrRefreshHash(hash));
  }

  /**
   * `resolve`'s rules applied to a session a hot read has already fetched with its own data (the
   * drama page and play statements join the session in, to save a round trip): `found` is the
   * session whose access or refresh hash is `hash`, with its owner's deletion and block state, or undefined.
   */
  async check(hash: string, found: SessionCheck | undefined): Promise<AuthContext> {
    if (!found) {
      // A refresh token that was rotated away: the client holds stale state. Not proof of theft
      // here (a request may have been in flight during the rotation), so the session survives.
      if (await this.repo.findByRotatedAwayHash(hash)) {
        throw new AppError(Code.SESSION_REVOKED, 'This token was replaced; sign in again');
      }
      throw new AppError(Code.NOT_SIGNED_IN, 'Not signed in');
    }
    this.assertLive(found);
    const { session } = found;
    const expiresAt = session.tokenHash === hash ? session.tokenExpiresAt : session.refreshExpiresAt;
    if (expiresAt.getTime() <= this.deps.clock().getTime()) {
      throw new AppError(Code.SESSION_EXPIRED, 'Session expired');
    }
    return { sessionId: session.id, userId: session.userId };
  }

  /**
   * Rotates both tokens. Every refresh hash a session rotates away stays in its history for the
   * session's life: if one is ever presented again, either the client or a thief is replaying it,
   * and we cannot tell which, so the session ends for both (OAuth 2.0 Security BCP, refresh token
   * rotation). All of them, not just the last: with only the last kept, a thief who refreshed
   * twice made the victim's older token look merely unknown, and kept the session.
   */
  async refresh(refreshToken: string): Promise<RefreshResult> {
    const hash = sha256Hex(refreshToken);
    const found = await this.repo.findByRefreshHash(hash);
    if (!found) {
      const reused = await this.repo.findByRotatedAwayHash(hash);
      // Blocked first: a blocked viewer's stale token learns why, and the session stays for the unblock.
      if (reused?.userBlockedAt && reused.session.revokedAt === null && reused.userDeletedAt === null) {
        throw accountBlocked();
      }
      if (reused) {
        const repeat = this.graceRepeat(reused, refreshToken, this.deps.clock());
        if (repeat) return repeat;
        await this.repo.revoke(reused.session.id, this.deps.clock());
        throw new AppError(Code.SESSION_REVOKED, 'Refresh token reused; the session is revoked');
      }
      throw new AppError(Code.NOT_SIGNED_IN, 'Unknown refresh token');
    }
    this.assertLive(found);
    const now = this.deps.clock();
    const { session } = found;
    if (session.refreshExpiresAt.getTime() <= now.getTime()) {
      throw new AppError(Code.SESSION_EXPIRED, 'Session expired');
    }

    const next = this.rotationOf(refreshToken);
    const rotated = await this.repo.rotate(session.id, hash, {
      tokenHash: sha256Hex(next.token),
      refreshHash: sha256Hex(next.refresh),
      tokenExpiresAt: addSeconds(now, this.deps.config.accessTokenTtlS),
      refreshExpiresAt: addSeconds(now, this.deps.config.refreshTokenTtlS),
      rotatedAt: now,
    });
    if (!rotated) {
      // Another refresh with the same token won the race: within the grace window that is the
      // same client twice, and it gets the winner's pair.
      const winner = await this.repo.findByRotatedAwayHash(hash);
      const repeat = winner && this.graceRepeat(winner, refreshToken, now);
      if (repeat) return repeat;
      await this.repo.revoke(session.id, now);
      throw new AppError(Code.SESSION_REVOKED, 'Refresh token reused; the session is revoked');
    }
    return {
      tokens: { token: next.token, refresh_token: next.refresh, expires_in: this.deps.config.accessTokenTtlS },
      userId: session.userId,
      sessionId: session.id,
    };
  }

  async revoke(sessionId: number, tx?: Db): Promise<void> {
    await this.repo.revoke(sessionId, this.deps.clock(), tx);
  }

  async revokeAllForUser(userId: number, tx?: Db): Promise<void> {
    await this.repo.revokeAllForUser(userId, this.deps.clock(), tx);
  }

  /** After a password change: every other device signs in again. */
  async revokeOthersForUser(userId: number, keepSessionId: number, tx?: Db): Promise<void> {
    await this.repo.revokeOthersForUser(userId, keepSessionId, this.deps.clock(), tx);
  }

  async scrubForUser(userId: number, tx?: Db): Promise<void> {
    await this.repo.scrubForUser(userId, tx);
  }

  /**
   * A revoked session or a deleted account → Code.SESSION_REVOKED; a blocked account →
   * Code.ACCOUNT_BLOCKED (its sessions stay as they are, so unblocking restores them).
   */
  private assertLive(found: SessionCheck): void {
    if (found.session.revokedAt !== null || found.userDeletedAt !== null) {
      throw new AppError(Code.SESSION_REVOKED, 'Session revoked');
    }
    if (found.userBlockedAt !== null) throw accountBlocked();
  }
}
