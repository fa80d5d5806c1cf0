import { isAbsolute, resolve } from 'node:path';
import type { z } from 'zod';
import { checkedEnvSchema, envSchema, type ConfigIssue, type EnvValues } from './env-schema.js';
import { repoRoot } from './paths.js';

/**
 * The server's settings. Each environment variable is written once, in `envSchema`
 * (env-schema.ts): its parsing, default and description. The config below is that schema's
 * output shaped by `toConfig`, and its type is derived from it; the README table and
 * `.env.example` are generated from the schema (config-docs.ts).
 */
export type Env = Record<string, string | undefined>;

/** Thrown at boot when the environment is invalid; names every bad variable at once. */
export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export const MEMORY_DATA_DIR = 'memory://';

/**
 * Parses the variables the schema knows with `schema`. An empty value counts as unset, because `.env` files
 * and compose files commonly write `GOOGLE_CLIENT_ID=` to mean "not configured".
 */
function parseWith<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const known: Env = {};
  for (const name of Object.keys(envSchema.shape)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') known[name] = value.trim();
  }
  const result = schema.safeParse(known);
  if (result.success) return result.data;

  const byVariable = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? '(environment)');
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), issue.message]);
  }
  throw new ConfigError([...byVariable].map(([variable, messages]) => ({ variable, message: messages.join('; ') })));
}

export type SmsConfig =
  | { provider: 'console' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** Exactly one of `from` and `messagingServiceSid` is used; the service wins when both are set. */
      from: string | undefined;
      messagingServiceSid: string | undefined;
      apiBase: string;
    };

function smsConfigOf(e: EnvValues): SmsConfig {
  if (e.SMS_PROVIDER === 'console') return { provider: 'console' };
  // crossFieldIssues has already refused a twilio setup without these.
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID ?? '',
    authToken: e.TWILIO_AUTH_TOKEN ?? '',
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
  };
}

function stripeConfigOf(e: EnvValues) {
  if (e.STRIPE_SECRET_KEY === undefined || e.STRIPE_WEBHOOK_SECRET === undefined) return undefined;
  return Object.freeze({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    /** Stripe's API origin, or a local double's in tests. */
    apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
  });
}

function appleConfigOf(e: EnvValues) {
  if (e.APPLE_BUNDLE_ID === undefined) return undefined;
  return Object.freeze({
    bundleId: e.APPLE_BUNDLE_ID,
    environment: e.APPLE_ENVIRONMENT,
    /** The app's numeric Apple id; Apple's verifier requires it for Production. */
    appAppleId: e.APPLE_APP_APPLE_ID,
    /** Directory of the trusted root certificates (DER or PEM). */
    rootCertsDir: resolvePath(e.APPLE_ROOT_CERTS_DIR),
    /** OCSP revocation checks and certificate validity against the current time (off only in tests). */
    onlineChecks: e.APPLE_ONLINE_CHECKS,
  });
}

function mediaS3ConfigOf(e: EnvValues) {
  if (e.MEDIA_STORAGE === 'local') return undefined;
  // crossFieldIssues has already refused an s3 setup without these.
  return Object.freeze({
    /** Origin (and optional path) of the S3 API, without a trailing slash. */
    endpoint: (e.MEDIA_S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    region: e.MEDIA_S3_REGION,
    bucket: e.MEDIA_S3_BUCKET ?? '',
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY ?? '',
    /** Key prefix without leading or trailing slash; '' for none. */
    prefix: (e.MEDIA_S3_PREFIX ?? '').replace(/\/+$/, ''),
    /** `${endpoint}/${bucket}/${key}` (MinIO, R2, …) rather than `${bucket}.${host}/${key}`. */
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/** Relative paths are relative to the repository root, whatever the working directory. */
function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

/** The server's settings, shaped from the parsed variables. */
function toConfig(e: EnvValues) {
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    /** Bearer token GET /metrics requires; undefined: /metrics is open (docs/operations.md). */
    metricsToken: e.METRICS_TOKEN,
    /** Unset: embedded PGlite under `${dataDir}/db`. */
    databaseUrl: e.DATABASE_URL,
    /** Absolute path, or `memory://` for a throw-away in-memory database. */
    dataDir: e.DATA_DIR === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : resolvePath(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    appName: e.APP_NAME,
    appId: e.APP_ID,
    supportEmail: e.SUPPORT_EMAIL,
    /** Unset until the operator has an App Store page; the download page then offers the web app. */
    iosAppUrl: e.IOS_APP_URL,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    /** Set when MEDIA_STORAGE=s3; undefined: media in `${dataDir}/media`. */
    mediaS3: mediaS3ConfigOf(e),
    /** Absolute path of the web build. */
    webDistDir: resolvePath(e.WEB_DIST_DIR),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    passwordLoginEnabled: e.PASSWORD_LOGIN_ENABLED,
    googleClientId: e.GOOGLE_CLIENT_ID,
    facebookClientId: e.FACEBOOK_CLIENT_ID,
    tiktokClientKey: e.TIKTOK_CLIENT_KEY,
    /** Sign-in with a provider is enabled when its id and secret are both set (boot refuses one alone). */
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    googleAuthUrl: e.GOOGLE_AUTH_URL,
    googleTokenUrl: e.GOOGLE_TOKEN_URL,
    googleUserinfoUrl: e.GOOGLE_USERINFO_URL,
    facebookClientSecret: e.FACEBOOK_CLIENT_SECRET,
    facebookAuthUrl: e.FACEBOOK_AUTH_URL,
    facebookGraphUrl: e.FACEBOOK_GRAPH_URL,
    tiktokClientSecret: e.TIKTOK_CLIENT_SECRET,
    tiktokAuthUrl: e.TIKTOK_AUTH_URL,
    tiktokTokenUrl: e.TIKTOK_TOKEN_URL,
    tiktokUserinfoUrl: e.TIKTOK_USERINFO_URL,
    /** Card payments; undefined when STRIPE_SECRET_KEY is unset (plans and packs still list, buying answers 50002). */
    stripe: stripeConfigOf(e),
    appleBundleId: e.APPLE_BUNDLE_ID,
    /** In-app purchase verification; undefined when APPLE_BUNDLE_ID is unset (buying in the app answers 50002). */
    apple: appleConfigOf(e),
    trustProxy: e.TRUST_PROXY,
    /** Origins whose pages may read API and media answers across origins (CORS): the iOS shell's. */
    corsOrigins: Object.freeze(e.CORS_ORIGINS),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    /** Slow clients: how long the headers, the whole request, and an idle keep-alive connection may take. */
    httpHeadersTimeoutS: e.HTTP_HEADERS_TIMEOUT_S,
    httpRequestTimeoutS: e.HTTP_REQUEST_TIMEOUT_S,
    httpKeepAliveTimeoutS: e.HTTP_KEEP_ALIVE_TIMEOUT_S,
    nodeEnv: e.NODE_ENV,
    /**
     * Key of the keyed hashes (SMS codes, deleted phones). Unset outside production: generated
     * once into `${dataDir}/secret.key` (see lib/auth-secret.ts), random per process for memory://.
     */
    authSecret: e.AUTH_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    sms: Object.freeze(smsConfigOf(e)),
    smsCodeTtlS: e.SMS_CODE_TTL_S,
    smsResendS: e.SMS_RESEND_S,
    smsPhoneHourlyCap: e.SMS_PHONE_HOURLY_CAP,
    smsIpHourlyCap: e.SMS_IP_HOURLY_CAP,
    /** Most codes sent to one phone in 24 hours, counted in the database so every process sees it. */
    smsPhoneDailyCap: e.SMS_PHONE_DAILY_CAP,
    loginHourlyCap: e.LOGIN_HOURLY_CAP,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    /** ffmpeg / ffprobe executables (a name looked up on PATH, or a path) for the catalogue import. */
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    /** Import the committed demo catalogue at boot when the dramas table is empty. */
    demoCatalog: e.DEMO_CATALOG ?? e.NODE_ENV !== 'production',
    /** `worker`: background jobs are left to `npm run worker` (pg-boss); `in-process`: this server runs them. */
    jobRunner: e.JOB_RUNNER,
    /** Port of the worker's own /metrics and /healthz listener (npm run worker only). */
    workerMetricsPort: e.WORKER_METRICS_PORT,
    /** Connections per process to PostgreSQL. */
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Seconds added to the server's clock; for trying day-based rules (check-in) by hand and in e2e. Never in production. */
    clockOffsetS: e.CLOCK_OFFSET_S,
    /** Days check-in coins stay spendable (spec §9: 7). */
    coinCheckinValidityDays: e.COIN_CHECKIN_VALIDITY_DAYS,
    /** Days other reward coins (tasks, ads, invites, giveaways) stay spendable; 0 = they never expire. */
    coinRewardValidityDays: e.COIN_REWARD_VALIDITY_DAYS,
    /** How often the coin-expiry job runs, in seconds. */
    coinExpiryIntervalS: e.COIN_EXPIRY_INTERVAL_S,
    /** Check-in, tasks, invites and ads (docs/rewards.md). */
    rewards: Object.freeze({
      /** IANA zone whose calendar day is "today" for every daily rule. */
      timeZone: e.REWARDS_TIME_ZONE,
      /** Coins of cycle days 1..7. */
      checkinRewards: Object.freeze(e.CHECKIN_REWARDS),
      watchVideoReward: e.WATCH_VIDEO_REWARD,
      watchVideoDailyCap: e.WATCH_VIDEO_DAILY_CAP,
      shareAppReward: e.SHARE_APP_REWARD,
      /** Paid to the inviter per successful invite, through the invite_friends task. */
      inviteReward: e.INVITE_REWARD,
      /** Welcome coins paid to the invitee at once. */
      inviteeReward: e.INVITEE_REWARD,
      /** Most invites an inviter gets from users who share a network (a sign-in IP) with them; 0 = none. */
      inviteSameNetworkCap: e.INVITE_SAME_NETWORK_CAP,
      /** An interstitial before every Nth distinct episode a viewer starts in a day; 0 = never. */
      adsEveryNEpisodes: e.ADS_EVERY_N_EPISODES,
      adReward: e.AD_REWARD,
      adRewardDailyCap: e.AD_REWARD_DAILY_CAP,
    }),
  });
}

const configSchema = checkedEnvSchema.transform(toConfig);

export type ServerConfig = z.output<typeof configSchema>;
export type RewardsConfig = ServerConfig['rewards'];
export type StripeConfig = NonNullable<ServerConfig['stripe']>;
export type AppleConfig = NonNullable<ServerConfig['apple']>;
export type MediaS3Config = NonNullable<ServerConfig['mediaS3']>;

/** The settings from the environment; a ConfigError names every bad variable at once. */
export function loadConfig(env: Env = process.env): ServerConfig {
  return parseWith(configSchema, env);
}
