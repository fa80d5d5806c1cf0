import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import { withAfterCommit } from '../db/after-commit.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { KeyedHasher } from '../lib/keyed-hash.js';
import { IdentitiesRepository } from '../repositories/identities.repository.js';
import { OAuthStatesRepository } from '../repositories/oauth-states.repository.js';
import { readCompilerVersion } from '../lib/compiler-version.js';
import { AccountService } from './auth/account.service.js';
import { AppConfigService } from './app-config.service.js';
import { AvatarService } from './avatar.service.js';
import { AvatarCopyService } from './avatar-copy.service.js';
import type { JobSender } from './jobs.js';
import type { CatalogChanges } from './catalog/catalog-changes.js';
import { createCatalogServices, type CatalogServices } from './catalog/catalog-services.js';
import { MediaDeliveryService } from '../media/media-delivery.service.js';
import { ServedEpisodeDirs } from '../media/served-episode-dirs.js';
import { EpisodeDirsRepository } from '../repositories/episode-dirs.repository.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { createOAuthProviders } from './oauth/oauth-providers.js';
import { OAuthService } from './oauth/oauth.service.js';
import { createProviderImageFetcher, type ProviderImageFetcher } from './oauth/provider-image.js';
import { PasswordService } from './auth/password.service.js';
import { createPaymentsServices, type PaymentsServices } from './payments/payments-services.js';
import { createPushServices, type PushServices } from './push/push-services.js';
import { createRewardsServices, type RewardsServices } from './rewards/rewards-services.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionService } from './auth/session.service.js';
import { SmsLoginService } from './auth/sms-login.service.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { ProgressBatcher } from './social/progress-batcher.js';
import { createSocialServices, type SocialServices } from './social/social-services.js';
import { TokenRefreshService } from './auth/token-refresh.service.js';
import type { SmsSender } from './sms/sms-sender.js';
import { UserService } from './user.service.js';
import { createConsoleServices, type ConsoleServices } from './console/console-services.js';
import { ForYouService } from './recommendations/for-you.service.js';
import { RecommendationsRefreshService } from './recommendations/recommendations-refresh.service.js';
import { RecommendationsRepository } from '../repositories/recommendations.repository.js';
import { createWalletServices, type WalletServices, type WalletServicesDeps } from './wallet/wallet-services.js';

/**
 * Every service of the app, created once per app instance (services.plugin.ts) and reached as
 * `app.services.<name>`. Routes of any feature use these rather than constructing their own, so
 * there is one clock, one rate limiter and one media store per app.
 */
export interface AppServices extends CatalogServices, WalletServices, RewardsServices {
  /** The app's notion of now; tests inject a movable one. */
  clock: Clock;
  /** What the client needs before it renders: GET /app/config, and the pages the server fills in. */
  appConfig: AppConfigService;
  /** HMAC-SHA256 under AUTH_SECRET. */
  hasher: KeyedHasher;
  rateLimiter: RateLimiter;
  media: MediaStorage;
  /** What GET /media/* sends: access, signatures, signed playlists, byte ranges. */
  mediaDelivery: MediaDeliveryService;
  sms: SmsSender;
  session: SessionService;
  tokenRefresh: TokenRefreshService;
  users: UserService;
  smsLogin: SmsLoginService;
  password: PasswordService;
  avatar: AvatarService;
  /** Copies a sign-in provider's picture into media storage (the `avatar-copy` job). */
  avatarCopy: AvatarCopyService;
  account: AccountService;
  oauth: OAuthService;
  /** Comments, likes, favourites, history, shares. */
  social: SocialServices;
  /** Products, orders, Stripe checkout and webhooks, membership. */
  payments: PaymentsServices;
  /** What the operator console calls: operators, catalogue, editorial, products. */
  console: ConsoleServices;
  /** The For You feed (GET /feed/for-you). */
  forYou: ForYouService;
  /** Recomputes what the feed ranks by (the `recommendations-refresh` job). */
  recommendationsRefresh: RecommendationsRefreshService;
  /** Notification choices, devices, and sending (docs/notifications.md). */
  push: PushServices;
}

export interface AppServicesDeps {
  db: Db;
  config: Readonly<ServerConfig>;
  log: FastifyBaseLogger;
  clock: Clock;
  secret: Buffer;
  rateLimiter: RateLimiter;
  media: MediaStorage;
  sms: SmsSender;
  catalogChanges: CatalogChanges;
  /** Where services queue background jobs (this process or the worker, by JOB_RUNNER). */
  jobs: JobSender;
  /** Replaces the HTTPS download of provider pictures (tests serve their own). */
  providerImages?: ProviderImageFetcher;
  /** Told of each wallet ledger entry once its transaction has committed (metrics). */
  onLedgerEntry?: WalletServicesDeps['onLedgerEntry'];
}

export function createAppServices(deps: AppServicesDeps): AppServices {
  const { config, log, clock, rateLimiter, media, sms } = deps;
  // Every service shares it, so work queued in a transaction (afterCommit) waits for the commit
  // of whichever service opened that transaction.
  const db = withAfterCommit(deps.db, (error) => log.error({ err: error }, 'after-commit work failed'));
  const hasher = new KeyedHasher(deps.secret);
  const session = new SessionService({ db, config, clock, secret: deps.secret });
  const users = new UserService({ db, hasher, media, clock, log });
  const avatar = new AvatarService({ db, media, users, rateLimiter });
  // Written by the history service, read by the catalogue's drama page and play as well.
  const progressSaves = new ProgressBatcher({ history: new HistoryRepository(db), log });
  const catalog = createCatalogServices({
    db,
    config,
    clock,
    secret: deps.secret,
    log,
    changes: deps.catalogChanges,
    sessions: session,
    pendingProgress: progressSaves,
  });
  const walletServices = createWalletServices({
    db,
    clock,
    config,
    ...(deps.onLedgerEntry ? { onLedgerEntry: deps.onLedgerEntry } : {}),
  });
  const rewards = createRewardsServices({
    db,
    clock,
    config,
    wallet: walletServices.wallet,
    rateLimiter,
    mediaTokens: catalog.mediaTokens,
    plays: catalog.playRecorder,
  });
  const push = createPushServices({ db, clock, config });
  const payments = createPaymentsServices({
    db,
    clock,
    log,
    config,
    rateLimiter,
    wallet: walletServices.wallet,
    vip: walletServices.vip,
  });
  const episodeDirs = new EpisodeDirsRepository(db);
  const servedDirs = new ServedEpisodeDirs({ releaseOf: (dir) => episodeDirs.releaseOf(dir), clock });
  // An unpublish or a re-import stops a directory's files at once, in every process that hears it.
  deps.catalogChanges.subscribe(() => servedDirs.clear());
  return {
    clock,
    appConfig: new AppConfigService(config, readCompilerVersion()),
    hasher,
    rateLimiter,
    media,
    mediaDelivery: new MediaDeliveryService({ media, tokens: catalog.mediaTokens, servedDirs }),
    sms,
    session,
    tokenRefresh: new TokenRefreshService({ session, users, clock }),
    users,
    smsLogin: new SmsLoginService({ db, config, hasher, sender: sms, rateLimiter, session, users, clock, log }),
    password: new PasswordService({ db, config, rateLimiter, session, users, clock }),
    avatar,
    avatarCopy: new AvatarCopyService({
      db,
      media,
      images: deps.providerImages ?? createProviderImageFetcher({ maxBytes: config.avatarMaxBytes }),
      decodes: avatar.decodes,
      log,
    }),
    account: new AccountService({
      db,
      session,
      users,
      clock,
      afterDelete: (userId) => payments.membership.endForDeletedAccount(userId),
      eraseWithAccount: (userId, tx) => push.settings.eraseForDeletedAccount(userId, tx),
    }),
    oauth: new OAuthService({
      db,
      providers: createOAuthProviders(config),
      states: new OAuthStatesRepository(db),
      identities: new IdentitiesRepository(db),
      users,
      sessions: session,
      rateLimiter,
      clock,
      jobs: deps.jobs,
    }),
    ...catalog,
    social: createSocialServices({
      db,
      clock,
      rateLimiter,
      users,
      mediaBaseUrl: config.mediaBaseUrl,
      sessions: session,
      progressSaves,
      progressListener: rewards.watchTask,
    }),
    ...walletServices,
    ...rewards,
    payments,
    console: createConsoleServices({
      db,
      config,
      clock,
      log,
      rateLimiter,
      media,
      catalogChanges: deps.catalogChanges,
      home: catalog.catalog,
      jobs: deps.jobs,
      orderLedger: walletServices.walletHistory,
      wallet: walletServices.wallet,
      vip: walletServices.vip,
      walletSupport: walletServices.walletSupport,
      sessions: session,
    }),
    forYou: new ForYouService({
      recommendations: new RecommendationsRepository(db),
      clock,
      mediaBaseUrl: config.mediaBaseUrl,
    }),
    recommendationsRefresh: new RecommendationsRefreshService({ db, clock }),
    push,
  };
}
