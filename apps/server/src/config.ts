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
  override readonly name = 'ConfigError';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`);
  }
}

export const MEMORY_DATA_DIR = 'memory://';

function smsConfigOf(e: EnvValues) {
  if (e.SMS_PROVIDER === 'console') return { provider: 'console' as const };
  // crossFieldIssues has already refused a twilio setup without these.
  return {
    provider: 'twilio' as const,
    accountSid: e.TWILIO_ACCOUNT_SID ?? '',
    authToken: e.TWILIO_AUTH_TOKEN ?? '',
    /** Exactly one of `from` and `messagingServiceSid` is used; the service wins when both are set. */
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
    apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
  });
}

function appleConfigOf(e: EnvValues) {
  if (e.APPLE_BUNDLE_ID === undefined) return undefined;
  return Object.freeze({
    bundleId: e.APPLE_BUNDLE_ID,
    environment: e.APPLE_ENVIRONMENT,
    appAppleId: e.APPLE_APP_APPLE_ID,
    rootCertsDir: resolvePath(e.APPLE_ROOT_CERTS_DIR),
    onlineChecks: e.APPLE_ONLINE_CHECKS,
  });
}

/** Web Push and APNs (docs/notifications.md). */
function pushConfigOf(e: EnvValues) {
  const vapid =
    e.VAPID_PUBLIC_KEY !== undefined && e.VAPID_PRIVATE_KEY !== undefined
      ? Object.freeze({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY })
      : undefined;
  const apns =
    e.APNS_KEY_FILE !== undefined && e.APNS_KEY_ID !== undefined && e.APNS_TEAM_ID !== undefined
      ? Object.freeze({
          keyFile: resolvePath(e.APNS_KEY_FILE),
          keyId: e.APNS_KEY_ID,
          teamId: e.APNS_TEAM_ID,
          topic: e.APNS_TOPIC ?? e.APPLE_BUNDLE_ID ?? e.APP_ID,
          production: e.APNS_ENVIRONMENT === 'production',
          host: e.APNS_HOST,
          caFile: e.APNS_CA_FILE === undefined ? undefined : resolvePath(e.APNS_CA_FILE),
        })
      : undefined;
  return Object.freeze({
    /** Undefined: a key pair generated into DATA_DIR (lib/vapid-keys.ts). */
    vapid,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    extraOrigins: Object.freeze(e.WEB_PUSH_EXTRA_ORIGINS ?? []),
    webPushCaFile: e.WEB_PUSH_CA_FILE === undefined ? undefined : resolvePath(e.WEB_PUSH_CA_FILE),
    /** Undefined: iOS devices cannot subscribe. */
    apns,
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
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/** The CDN told to drop media no longer served (docs/cdn.md#purging). */
function mediaCdnPurgeOf(e: EnvValues) {
  // crossFieldIssues has already refused a provider without its settings.
  switch (e.MEDIA_CDN_PURGE) {
    case 'none':
      return Object.freeze({ provider: 'none' as const });
    case 'cloudfront':
      return Object.freeze({
        provider: 'cloudfront' as const,
        distributionId: e.MEDIA_CDN_CLOUDFRONT_DISTRIBUTION_ID ?? '',
        /** Undefined: AWS's own endpoint. */
        endpoint: e.MEDIA_CDN_CLOUDFRONT_ENDPOINT,
      });
    case 'cloudflare':
      return Object.freeze({
        provider: 'cloudflare' as const,
        zoneId: e.MEDIA_CDN_CLOUDFLARE_ZONE_ID ?? '',
        apiToken: e.MEDIA_CDN_CLOUDFLARE_API_TOKEN ?? '',
        apiBase: e.MEDIA_CDN_CLOUDFLARE_API_BASE.replace(/\/+$/, ''),
        mediaBaseUrl: e.MEDIA_BASE_URL,
      });
    case 'fastly':
      return Object.freeze({
        provider: 'fastly' as const,
        serviceId: e.MEDIA_CDN_FASTLY_SERVICE_ID ?? '',
        apiToken: e.MEDIA_CDN_FASTLY_API_TOKEN ?? '',
        apiBase: e.MEDIA_CDN_FASTLY_API_BASE.replace(/\/+$/, ''),
      });
  }
}

/** Relative paths are relative to the repository root, whatever the working directory. */
function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

/**
 * The server's settings, shaped from the parsed variables. A field means what its variable's
 * description in envSchema says; comments here only add what the shaping changes.
 */
function toConfig(e: EnvValues) {
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    databaseUrl: e.DATABASE_URL,
    /** Absolute path, or `memory://` for a throw-away in-memory database. */
    dataDir: e.DATA_DIR === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : resolvePath(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    appName: e.APP_NAME,
    appId: e.APP_ID,
    supportEmail: e.SUPPORT_EMAIL,
    iosAppUrl: e.IOS_APP_URL,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    /** undefined: one key derived from the auth secret (catalog-services.ts). */
    mediaTokenKeys: e.MEDIA_TOKEN_KEYS,
    /** Set when MEDIA_STORAGE=s3; undefined: media in `${dataDir}/media`. */
    mediaS3: mediaS3ConfigOf(e),
    mediaCdnPurge: mediaCdnPurgeOf(e),
    /** Absolute path of the web build. */
    webDistDir: resolvePath(e.WEB_DIST_DIR),
    /** Absolute path of the operator console's build. */
    consoleDistDir: resolvePath(e.CONSOLE_DIST_DIR),
    /** Set: the console has a listener of its own on consoleHost (main.ts); unset: it shares the main one. */
    consolePort: e.CONSOLE_PORT,
    consoleHost: e.CONSOLE_HOST,
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
    /**
     * Card payments; undefined when STRIPE_SECRET_KEY is unset (plans and packs still list, buying answers
     * Code.PAYMENT_CHANNEL_UNAVAILABLE).
     */
    stripe: stripeConfigOf(e),
    appleBundleId: e.APPLE_BUNDLE_ID,
    /**
     * In-app purchase verification; undefined when APPLE_BUNDLE_ID is unset (buying in the app answers
     * Code.PAYMENT_CHANNEL_UNAVAILABLE).
     */
    apple: appleConfigOf(e),
    push: pushConfigOf(e),
    trustProxy: e.TRUST_PROXY,
    corsOrigins: Object.freeze(e.CORS_ORIGINS),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    httpHeadersTimeoutS: e.HTTP_HEADERS_TIMEOUT_S,
    httpRequestTimeoutS: e.HTTP_REQUEST_TIMEOUT_S,
    httpKeepAliveTimeoutS: e.HTTP_KEEP_ALIVE_TIMEOUT_S,
    nodeEnv: e.NODE_ENV,
    authSecret: e.AUTH_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    sms: Object.freeze(smsConfigOf(e)),
    smsCodeTtlS: e.SMS_CODE_TTL_S,
    smsResendS: e.SMS_RESEND_S,
    smsPhoneHourlyCap: e.SMS_PHONE_HOURLY_CAP,
    smsIpHourlyCap: e.SMS_IP_HOURLY_CAP,
    smsPhoneDailyCap: e.SMS_PHONE_DAILY_CAP,
    loginHourlyCap: e.LOGIN_HOURLY_CAP,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    consoleUploadMaxBytes: e.CONSOLE_UPLOAD_MAX_BYTES,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    demoCatalog: e.DEMO_CATALOG ?? e.NODE_ENV !== 'production',
    jobRunner: e.JOB_RUNNER,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Bounds of every connection the API and the worker open (docs/operations.md). */
    databaseLimits: Object.freeze({
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
    databaseConnectWaitS: e.DATABASE_CONNECT_WAIT_S,
    clockOffsetS: e.CLOCK_OFFSET_S,
    coinCheckinValidityDays: e.COIN_CHECKIN_VALIDITY_DAYS,
    coinRewardValidityDays: e.COIN_REWARD_VALIDITY_DAYS,
    coinExpiryIntervalS: e.COIN_EXPIRY_INTERVAL_S,
    /** Check-in, tasks, invites and ads (docs/rewards.md). */
    rewards: Object.freeze({
      timeZone: e.REWARDS_TIME_ZONE,
      checkinRewards: Object.freeze(e.CHECKIN_REWARDS),
      watchVideoReward: e.WATCH_VIDEO_REWARD,
      watchVideoDailyCap: e.WATCH_VIDEO_DAILY_CAP,
      shareAppReward: e.SHARE_APP_REWARD,
      inviteReward: e.INVITE_REWARD,
      inviteeReward: e.INVITEE_REWARD,
      inviteSameNetworkCap: e.INVITE_SAME_NETWORK_CAP,
      adsEveryNEpisodes: e.ADS_EVERY_N_EPISODES,
      adReward: e.AD_REWARD,
      adRewardDailyCap: e.AD_REWARD_DAILY_CAP,
    }),
  });
}

const configSchema = checkedEnvSchema.transform(toConfig);

export type ServerConfig = z.output<typeof configSchema>;
export type RewardsConfig = ServerConfig['rewards'];
export type SmsConfig = ServerConfig['sms'];
export type StripeConfig = NonNullable<ServerConfig['stripe']>;
export type AppleConfig = NonNullable<ServerConfig['apple']>;
export type MediaS3Config = NonNullable<ServerConfig['mediaS3']>;
export type MediaCdnPurgeConfig = ServerConfig['mediaCdnPurge'];

/**
 * The settings from the environment; a ConfigError names every bad variable at once. An empty
 * value counts as unset, because `.env` files and compose files commonly write
 * `GOOGLE_CLIENT_ID=` to mean "not configured".
 */
export function loadConfig(env: Env = process.env): ServerConfig {
  const known: Env = {};
  for (const name of Object.keys(envSchema.shape)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') known[name] = value.trim();
  }
  const result = configSchema.safeParse(known);
  if (result.success) return result.data;

  const byVariable = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? '(environment)');
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), issue.message]);
  }
  throw new ConfigError([...byVariable].map(([variable, messages]) => ({ variable, message: messages.join('; ') })));
}

/** For a process's entry point: an invalid environment is an operator's mistake, said without a stack trace. */
export function loadConfigOrExit(exitCode: number): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return fail(error.message, exitCode);
  }
}

/** Says what went wrong on stderr and exits with `code` (2: usage or setup, 1: the command failed). */
export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Runs a process's `main`; a crash is reported with its stack after `prefix` and exits with `code`. */
export function runMain(main: () => Promise<void>, prefix: string, code: number): void {
  main().catch((error: unknown) =>
    fail(`${prefix}${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, code),
  );
}
