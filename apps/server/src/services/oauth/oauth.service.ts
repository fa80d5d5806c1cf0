import { APP_OAUTH_STATE_PREFIX, Code, isAppOAuthState, toNickname, type OAuthClient, type Session } from '@cliffhanger/contract';
import { generateCodeVerifier, generateState } from 'arctic';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { JOB, type JobSender } from '../jobs.js';
import { isStoredMediaPath } from '../../media/storage/media-paths.js';
import type { IdentitiesRepository } from '../../repositories/identities.repository.js';
import type { OAuthStatesRepository } from '../../repositories/oauth-states.repository.js';
import { sessionResponse } from '../auth/auth-response.js';
import { enforceRateLimit, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SessionService } from '../auth/session.service.js';
import type { UserService } from '../user.service.js';
import { hashState, randomToken } from './oauth-crypto.js';
import { isOAuthProviderError, type OAuthProviderName, type ProviderProfile } from './oauth-provider.js';
import type { OAuthProviders } from './oauth-providers.js';
import { avatarFromProviderPicture } from './provider-profile.js';

export interface OAuthServiceDeps {
  db: Db;
  providers: OAuthProviders;
  states: OAuthStatesRepository;
  identities: IdentitiesRepository;
  users: Pick<UserService, 'createUser'>;
  sessions: Pick<SessionService, 'issue'>;
  rateLimiter: RateLimiter;
  /** Authorization URLs per client IP; defaults to OAUTH_URL_RATE_LIMIT. */
  urlRateLimit?: { limit: number; windowSeconds: number };
  /** Decides the VIP state shown in the answer; the same clock as the user service's. */
  clock?: Clock;
  /** Where the copy of a provider's picture is queued (`avatar-copy`). */
  jobs: Pick<JobSender, 'send'>;
}

export interface OAuthLogger {
  warn(details: object, message: string): void;
}

export interface OAuthSignIn {
  provider: OAuthProviderName;
  code: string;
  state: string;
  /**
   * The binder as each channel carried it; undefined when absent. Which one counts is the state's
   * (see `binderFor`), never the caller's choice.
   */
  binder: {
    /** The browser's, from the cookie set with the authorization URL. */
    cookie: string | undefined;
    /** The app's, from the callback body: it got the binder in the URL answer. */
    body: string | undefined;
  };
  userAgent?: string;
  ip?: string;
}

/**
 * The binder that may consume `state`: a state issued to the app is bound by the binder the app
 * got in the URL answer and sends in the body; a browser's only by its cookie. Each client's
 * binder travels only the way that client got it, so a browser's cookie cannot finish an app's
 * sign-in and a binder pasted into a body cannot finish a browser's.
 */
function binderFor(state: string, binder: OAuthSignIn['binder']): string | undefined {
  return isAppOAuthState(state) ? binder.body : binder.cookie;
}

/** Long enough to pick an account and approve; short enough that a leaked state is soon useless. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/**
 * Every authorization URL writes a state row and anyone may ask for one, so a single client
 * must not be able to fill the table. Generous: one sign-in attempt is one URL, and mobile
 * carriers put many people behind one IP.
 */
const OAUTH_URL_RATE_LIMIT = { limit: 120, windowSeconds: 3600 };
/** Expired states removed per new state: the table stays near the states of the last 10 minutes. */
const EXPIRED_STATES_SWEEP = 100;
const IDENTITY_UNIQUE = 'user_identities_provider_subject_unique';

/** A binder is what randomToken makes (32 bytes, base64url); anything else is refused unread. */
function isBinder(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * Third-party sign-in, authorization-code flow (docs/accounts.md#third-party-sign-in):
 * 1. `authorizationUrl` stores a single-use state (hash only) with the PKCE verifier and answers
 *    the provider URL;
 * 2. `signIn` consumes the state, exchanges the code, finds or creates the user linked to the
 *    provider account and issues a session.
 */
export class OAuthService {
  constructor(private readonly deps: OAuthServiceDeps) {}

  /**
   * `client.binder` is the browser's binder (from its cookie), or undefined to mint one. The
   * state is bound to it: only the client holding the binder can exchange a code for this state,
   * so a callback link made by someone else signs nobody in (login CSRF). An app gets a fresh
   * binder per sign-in (it keeps it beside the state) and a state marked as the app's.
   */
  async authorizationUrl(
    name: OAuthProviderName,
    client: { ip: string; binder: string | undefined; kind?: OAuthClient },
  ): Promise<{ url: string; state: string; binder: string }> {
    const provider = this.providerOf(name);
    const { limit, windowSeconds } = this.deps.urlRateLimit ?? OAUTH_URL_RATE_LIMIT;
    await enforceRateLimit(this.deps.rateLimiter, `oauth-url:ip:${client.ip}`, limit, windowSeconds);
    const app = client.kind === 'app';
    const state = app ? `${APP_OAUTH_STATE_PREFIX}${generateState()}` : generateState();
    const binder = !app && client.binder !== undefined && isBinder(client.binder) ? client.binder : randomToken();
    const codeVerifier = provider.usesPkce ? generateCodeVerifier() : undefined;
    // Anyone may ask for URLs; sweeping here keeps the table bounded without a scheduled job.
    await this.deps.states.deleteExpired(EXPIRED_STATES_SWEEP);
    await this.deps.states.insert({
      stateHash: hashState(state),
      provider: name,
      codeVerifier: codeVerifier ?? null,
      binderHash: hashState(binder),
      ttlSeconds: OAUTH_STATE_TTL_SECONDS,
    });
    const url = provider.authorizationUrl(codeVerifier === undefined ? { state } : { state, codeVerifier });
    return { url, state, binder };
  }

  async signIn(input: OAuthSignIn, log: OAuthLogger): Promise<Session> {
    const provider = this.providerOf(input.provider);
    // Consumed before the code exchange: a replayed or concurrent callback stops here and never
    // reaches the provider. A failed exchange burns the state; the person starts again.
    const binder = binderFor(input.state, input.binder);
    const consumed =
      binder === undefined || !isBinder(binder)
        ? undefined
        : await this.deps.states.consume({
            stateHash: hashState(input.state),
            provider: input.provider,
            binderHash: hashState(binder),
          });
    if (!consumed) {
      throw new AppError(Code.SIGNIN_OAUTH_STATE_INVALID, 'Sign-in state is unknown, expired or already used');
    }

    let profile: ProviderProfile;
    try {
      profile = await provider.exchange(
        consumed.codeVerifier === null
          ? { code: input.code }
          : { code: input.code, codeVerifier: consumed.codeVerifier },
      );
    } catch (error) {
      if (isOAuthProviderError(error)) {
        log.warn({ provider: error.provider, detail: error.detail }, 'provider sign-in failed');
      }
      throw error;
    }

    const user = await this.findOrCreateUser(input.provider, profile);
    await this.queueAvatarCopy(user, profile, log);
    const session = await this.deps.sessions.issue({
      userId: user.id,
      ...(input.userAgent === undefined ? {} : { userAgent: input.userAgent }),
      ...(input.ip === undefined ? {} : { ip: input.ip }),
    });
    return sessionResponse(session, user, (this.deps.clock ?? systemClock)());
  }

  /**
   * While the avatar is a provider's picture URL (set at the first sign-in, shown at once), its
   * copy into media storage is queued: these URLs expire. The copy downloads from the provider's
   * image host, so it runs as a job and the sign-in never waits for that host. Queued at every
   * sign-in until it lands, with this sign-in's fresh URL: a copy lost or given up is tried again.
   * A failure to queue costs only the copy, never the sign-in.
   */
  private async queueAvatarCopy(user: UserRow, profile: ProviderProfile, log: OAuthLogger): Promise<void> {
    const url = avatarFromProviderPicture(profile.avatarUrl);
    if (url === undefined || user.avatar === '' || isStoredMediaPath(user.avatar)) return;
    try {
      await this.deps.jobs.send(JOB.avatarCopy, { userId: user.id, url, replaces: user.avatar });
    } catch (error) {
      log.warn({ err: error, userId: user.id }, 'could not queue the avatar copy');
    }
  }

  private providerOf(name: OAuthProviderName) {
    const provider = this.deps.providers[name];
    if (!provider) throw new AppError(Code.SIGNIN_METHOD_DISABLED, `Sign-in with ${name} is not enabled`);
    return provider;
  }

  /**
   * The user linked to this provider account, or a new user linked to it. User and link are
   * created in one transaction, so a failure leaves neither. Two first sign-ins of the same
   * person at once both try to insert the link; the unique index lets one win, and the loser
   * (23505, its new user rolled back) signs in to the winner's account.
   */
  private async findOrCreateUser(provider: OAuthProviderName, profile: ProviderProfile): Promise<UserRow> {
    const key = { provider, subject: profile.subject };
    const existing = await this.deps.identities.findActiveUser(key);
    if (existing) return existing;

    const nickname = toNickname(profile.name);
    const avatar = avatarFromProviderPicture(profile.avatarUrl);
    try {
      return await this.deps.db.transaction(async (tx) => {
        await this.deps.identities.deleteLinkToDeletedUser(key, tx);
        const user = await this.deps.users.createUser(
          { ...(nickname === undefined ? {} : { nickname }), ...(avatar === undefined ? {} : { avatar }) },
          tx,
        );
        await this.deps.identities.insert({ ...key, userId: user.id }, tx);
        return user;
      });
    } catch (error) {
      if (!isUniqueViolation(error, IDENTITY_UNIQUE)) throw error;
      const winner = await this.deps.identities.findActiveUser(key);
      if (!winner) throw error;
      return winner;
    }
  }
}
