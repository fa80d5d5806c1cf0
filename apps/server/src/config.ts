import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.js';

export { configDocs, renderConfigTable, renderEnvExample, type ConfigDoc } from './config-docs.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
const SMS_PROVIDERS = ['console', 'twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
const MEDIA_STORAGES = ['local', 's3'] as const;
/** The App Store environments StoreKit signs for; Xcode and LocalTesting are not signed by Apple. */
export const APPLE_ENVIRONMENTS = ['Sandbox', 'Production', 'Xcode', 'LocalTesting'] as const;
export type AppleEnvironment = (typeof APPLE_ENVIRONMENTS)[number];
const DAY_S = 86_400;

/** Only explicit spellings: a typo such as `ture` must stop the boot, not silently mean false. */
const boolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be one of true, false, 1, 0' })
  .transform((value) => value === 'true' || value === '1');

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const urlWithProtocols = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** An IANA time zone the runtime knows (`UTC`, `Europe/Istanbul`, `Asia/Shanghai`). */
const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be an IANA time zone such as UTC or Europe/Istanbul' },
);

/** The check-in cycle's length (spec §9: a 7-day cycle). */
export const CHECKIN_CYCLE_DAYS = 7;
const DEFAULT_CHECKIN_REWARDS: number[] = Array<number>(CHECKIN_CYCLE_DAYS).fill(10);

/** Seven whole numbers ≥ 1, comma-separated: the coins of cycle days 1..7. */
const checkinRewards = z
  .string()
  .regex(new RegExp(`^\\s*\\d+(\\s*,\\s*\\d+){${CHECKIN_CYCLE_DAYS - 1}}\\s*$`), {
    error: `must be ${CHECKIN_CYCLE_DAYS} whole numbers separated by commas`,
  })
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .pipe(z.array(z.number().int().min(1, { error: 'each day must pay at least 1 coin' }).max(100_000)));

const httpUrl = urlWithProtocols(['http:', 'https:']);
const nonEmpty = z.string().min(1);

/**
 * Web origins as browsers send them in `Origin` (`scheme://host[:port]`, lowercase, no path),
 * comma-separated. Not through `URL`: it answers the origin "null" for schemes such as
 * `capacitor:`. No `*`: the list names who may read answers across origins, one by one.
 */
const webOrigins = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim().toLowerCase()))
  .pipe(
    z
      .array(
        z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/, {
          error: 'must be origins such as capacitor://localhost or https://app.example.com (scheme://host[:port], no path, no *), comma-separated',
        }),
      )
      .min(1),
  );

/** A provider id and its secret: sign-in with one but not the other could only fail later. */
const OAUTH_CREDENTIAL_PAIRS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
] as const;

/** What MEDIA_STORAGE=s3 cannot work without (region, prefix and URL style have defaults). */
const MEDIA_S3_REQUIRED = [
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

/**
 * The environment, keyed by variable name. Every key needs an entry in `configDocs`
 * (a unit test enforces it, and the README table is generated from that list).
 */
export const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: nonEmpty.default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: nonEmpty.default('./data'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  APP_NAME: nonEmpty.default('Cliffhanger'),
  APP_ID: z
    .string()
    .regex(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+$/, { error: 'must be a reverse-DNS id such as com.example.app' })
    .default('com.cliffhanger.app'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@cliffhanger.app'),
  IOS_APP_URL: urlWithProtocols(['https:']).optional(),
  MEDIA_BASE_URL: z
    .string()
    .refine((value) => value.startsWith('/') || httpUrl.safeParse(value).success, {
      error: 'must be an absolute path such as /media or an http(s) URL',
    })
    .default('/media'),
  MEDIA_STORAGE: z.enum(MEDIA_STORAGES, { error: `must be one of ${MEDIA_STORAGES.join(', ')}` }).default('local'),
  MEDIA_S3_ENDPOINT: httpUrl.optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1 (R2: auto)' })
    .default('us-east-1'),
  // The rules every S3-compatible store accepts; the name also becomes a host name (virtual-host style).
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: nonEmpty.optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: nonEmpty.optional(),
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/, {
      error: 'must be key segments of letters, digits, ., _ and - separated by / (e.g. media/prod)',
    })
    .optional(),
  MEDIA_S3_FORCE_PATH_STYLE: boolean.default(true),
  WEB_DIST_DIR: nonEmpty.default('apps/web/dist'),
  PUBLIC_BASE_URL: httpUrl.default('http://localhost:8080'),
  PASSWORD_LOGIN_ENABLED: boolean.default(true),
  GOOGLE_CLIENT_ID: nonEmpty.optional(),
  GOOGLE_CLIENT_SECRET: nonEmpty.optional(),
  GOOGLE_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: nonEmpty.optional(),
  FACEBOOK_CLIENT_SECRET: nonEmpty.optional(),
  FACEBOOK_AUTH_URL: httpUrl.default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: httpUrl.default('https://graph.facebook.com/v21.0'),
  TIKTOK_CLIENT_KEY: nonEmpty.optional(),
  TIKTOK_CLIENT_SECRET: nonEmpty.optional(),
  TIKTOK_AUTH_URL: httpUrl.default('https://www.tiktok.com/v2/auth/authorize/'),
  TIKTOK_TOKEN_URL: httpUrl.default('https://open.tiktokapis.com/v2/oauth/token/'),
  TIKTOK_USERINFO_URL: httpUrl.default('https://open.tiktokapis.com/v2/user/info/'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { error: 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_BASE: httpUrl.default('https://api.stripe.com'),
  APPLE_BUNDLE_ID: nonEmpty.optional(),
  APPLE_ENVIRONMENT: z
    .enum(APPLE_ENVIRONMENTS, { error: `must be one of ${APPLE_ENVIRONMENTS.join(', ')}` })
    .default('Sandbox'),
  APPLE_APP_APPLE_ID: integer(1, Number.MAX_SAFE_INTEGER).optional(),
  APPLE_ROOT_CERTS_DIR: nonEmpty.default('apps/server/certs/apple'),
  APPLE_ONLINE_CHECKS: boolean.default(true),
  TRUST_PROXY: boolean.default(false),
  CORS_ORIGINS: webOrigins.default(['capacitor://localhost']),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  HTTP_HEADERS_TIMEOUT_S: integer(1, 300).default(10),
  HTTP_REQUEST_TIMEOUT_S: integer(1, 3600).default(60),
  HTTP_KEEP_ALIVE_TIMEOUT_S: integer(1, 600).default(5),
  NODE_ENV: z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` }).default('development'),
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)' })
    .optional(),
  ACCESS_TOKEN_TTL_S: integer(60, 30 * DAY_S).default(7200),
  REFRESH_TOKEN_TTL_S: integer(3600, 365 * DAY_S).default(30 * DAY_S),
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: `must be one of ${SMS_PROVIDERS.join(', ')}` }).default('console'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{8,}$/, { error: 'must be an account SID (AC…)' })
    .optional(),
  TWILIO_AUTH_TOKEN: nonEmpty.optional(),
  TWILIO_FROM: nonEmpty.optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-zA-Z]{8,}$/, { error: 'must be a messaging service SID (MG…)' })
    .optional(),
  TWILIO_API_BASE: httpUrl.default('https://api.twilio.com'),
  SMS_CODE_TTL_S: integer(60, DAY_S).default(600),
  SMS_RESEND_S: integer(0, 3600).default(60),
  SMS_PHONE_HOURLY_CAP: integer(1, 10_000).default(5),
  SMS_IP_HOURLY_CAP: integer(1, 1_000_000).default(20),
  SMS_PHONE_DAILY_CAP: integer(1, 10_000).default(10),
  LOGIN_HOURLY_CAP: integer(1, 1_000_000).default(10),
  AVATAR_MAX_BYTES: integer(1024, 50 * 1024 * 1024).default(5 * 1024 * 1024),
  FFMPEG_PATH: nonEmpty.default('ffmpeg'),
  FFPROBE_PATH: nonEmpty.default('ffprobe'),
  DEMO_CATALOG: boolean.default(true),
  CLOCK_OFFSET_S: z.coerce
    .number()
    .int({ error: 'must be a whole number of seconds' })
    .min(-366 * DAY_S)
    .max(366 * DAY_S)
    .default(0),
  COIN_CHECKIN_VALIDITY_DAYS: integer(1, 3650).default(7),
  COIN_REWARD_VALIDITY_DAYS: integer(0, 3650).default(0),
  COIN_EXPIRY_INTERVAL_S: integer(10, DAY_S).default(300),
  REWARDS_TIME_ZONE: timeZone.default('UTC'),
  CHECKIN_REWARDS: checkinRewards.default(DEFAULT_CHECKIN_REWARDS),
  WATCH_VIDEO_REWARD: integer(1, 100_000).default(5),
  WATCH_VIDEO_DAILY_CAP: integer(1, 1000).default(10),
  SHARE_APP_REWARD: integer(1, 100_000).default(20),
  INVITE_REWARD: integer(1, 100_000).default(50),
  INVITEE_REWARD: integer(1, 100_000).default(20),
  INVITE_SAME_NETWORK_CAP: integer(0, 1000).default(2),
  ADS_EVERY_N_EPISODES: integer(0, 1000).default(3),
  AD_REWARD: integer(1, 100_000).default(10),
  AD_REWARD_DAILY_CAP: integer(0, 1000).default(5),
});

/** The schema plus the rules that span several variables. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  for (const issue of crossFieldIssues(env)) {
    ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
  }
});

export type EnvName = keyof typeof envSchema.shape;
export type Env = Record<string, string | undefined>;

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: LogLevel;
  /** Unset: embedded PGlite under `${dataDir}/db`. */
  databaseUrl: string | undefined;
  /** Absolute path, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
  redisUrl: string | undefined;
  appName: string;
  appId: string;
  supportEmail: string;
  /** Unset until the operator has an App Store page; the download page then offers the web app. */
  iosAppUrl: string | undefined;
  mediaBaseUrl: string;
  /** Set when MEDIA_STORAGE=s3; undefined: media in `${dataDir}/media`. */
  mediaS3: MediaS3Config | undefined;
  /** Absolute path of the web build. */
  webDistDir: string;
  publicBaseUrl: string;
  passwordLoginEnabled: boolean;
  googleClientId: string | undefined;
  facebookClientId: string | undefined;
  tiktokClientKey: string | undefined;
  /** Sign-in with a provider is enabled when its id and secret are both set (boot refuses one alone). */
  googleClientSecret: string | undefined;
  googleAuthUrl: string;
  googleTokenUrl: string;
  googleUserinfoUrl: string;
  facebookClientSecret: string | undefined;
  facebookAuthUrl: string;
  facebookGraphUrl: string;
  tiktokClientSecret: string | undefined;
  tiktokAuthUrl: string;
  tiktokTokenUrl: string;
  tiktokUserinfoUrl: string;
  /** Card payments; undefined when STRIPE_SECRET_KEY is unset (plans and packs still list, buying answers 50002). */
  stripe: StripeConfig | undefined;
  appleBundleId: string | undefined;
  /** In-app purchase verification; undefined when APPLE_BUNDLE_ID is unset (buying in the app answers 50002). */
  apple: AppleConfig | undefined;
  trustProxy: boolean;
  /** Origins whose pages may read API and media answers across origins (CORS): the iOS shell's. */
  corsOrigins: readonly string[];
  bodyLimitBytes: number;
  /** Slow clients: how long the headers, the whole request, and an idle keep-alive connection may take. */
  httpHeadersTimeoutS: number;
  httpRequestTimeoutS: number;
  httpKeepAliveTimeoutS: number;
  nodeEnv: NodeEnv;
  /**
   * Key of the keyed hashes (SMS codes, deleted phones). Unset outside production: generated
   * once into `${dataDir}/secret.key` (see lib/auth-secret.ts), random per process for memory://.
   */
  authSecret: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  sms: SmsConfig;
  smsCodeTtlS: number;
  smsResendS: number;
  smsPhoneHourlyCap: number;
  smsIpHourlyCap: number;
  /** Most codes sent to one phone in 24 hours, counted in the database so every process sees it. */
  smsPhoneDailyCap: number;
  loginHourlyCap: number;
  avatarMaxBytes: number;
  /** ffmpeg / ffprobe executables (a name looked up on PATH, or a path) for the catalogue import. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Import the committed demo catalogue at boot when the dramas table is empty. */
  demoCatalog: boolean;
  /** Seconds added to the server's clock; for trying day-based rules (check-in) by hand and in e2e. Never in production. */
  clockOffsetS: number;
  /** Days check-in coins stay spendable (spec §9: 7). */
  coinCheckinValidityDays: number;
  /** Days other reward coins (tasks, ads, invites, giveaways) stay spendable; 0 = they never expire. */
  coinRewardValidityDays: number;
  /** How often the in-process job expires due coin lots, in seconds. */
  coinExpiryIntervalS: number;
  /** Check-in, tasks, invites and ads (docs/rewards.md). */
  rewards: RewardsConfig;
}

export interface RewardsConfig {
  /** IANA zone whose calendar day is "today" for every daily rule. */
  timeZone: string;
  /** Coins of cycle days 1..7. */
  checkinRewards: readonly number[];
  watchVideoReward: number;
  watchVideoDailyCap: number;
  shareAppReward: number;
  /** Paid to the inviter per successful invite, through the invite_friends task. */
  inviteReward: number;
  /** Welcome coins paid to the invitee at once. */
  inviteeReward: number;
  /** Most invites an inviter gets from users who share a network (a sign-in IP) with them; 0 = none. */
  inviteSameNetworkCap: number;
  /** An interstitial before every Nth distinct episode a viewer starts in a day; 0 = never. */
  adsEveryNEpisodes: number;
  adReward: number;
  adRewardDailyCap: number;
}

export interface AppleConfig {
  bundleId: string;
  environment: AppleEnvironment;
  /** The app's numeric Apple id; Apple's verifier requires it for Production. */
  appAppleId: number | undefined;
  /** Directory of the trusted root certificates (DER or PEM). */
  rootCertsDir: string;
  /** OCSP revocation checks and certificate validity against the current time (off only in tests). */
  onlineChecks: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin, or a local double's in tests. */
  apiBase: string;
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

export interface MediaS3Config {
  /** Origin (and optional path) of the S3 API, without a trailing slash. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix without leading or trailing slash; '' for none. */
  prefix: string;
  /** `${endpoint}/${bucket}/${key}` (MinIO, R2, …) rather than `${bucket}.${host}/${key}`. */
  forcePathStyle: boolean;
}

export interface ConfigIssue {
  variable: string;
  message: string;
}

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
 * Reads the variables the schema knows. An empty value counts as unset, because `.env` files
 * and compose files commonly write `GOOGLE_CLIENT_ID=` to mean "not configured".
 */
export function parseEnv(env: Env): z.output<typeof envSchema> {
  const known: Env = {};
  for (const name of Object.keys(envSchema.shape)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') known[name] = value.trim();
  }
  const result = checkedEnvSchema.safeParse(known);
  if (result.success) return result.data;

  const byVariable = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? '(environment)');
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), issue.message]);
  }
  throw new ConfigError([...byVariable].map(([variable, messages]) => ({ variable, message: messages.join('; ') })));
}

/** Rules that involve several variables; each names the variable to fix. */
function crossFieldIssues(e: z.output<typeof envSchema>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [id, secret] of OAUTH_CREDENTIAL_PAIRS) {
    if (e[id] !== undefined && e[secret] === undefined) {
      issues.push({ variable: secret, message: `must be set when ${id} is set` });
    } else if (e[id] === undefined && e[secret] !== undefined) {
      issues.push({ variable: id, message: `must be set when ${secret} is set` });
    }
  }
  // A generated key would differ per machine behind a load balancer, and a lost key turns every
  // stored code and deleted-phone hash into noise: production must set one on purpose.
  if (e.NODE_ENV === 'production' && e.AUTH_SECRET === undefined) {
    issues.push({ variable: 'AUTH_SECRET', message: 'is required when NODE_ENV=production' });
  }
  // A shifted clock pays tomorrow's check-in today: a testing aid, never a production setting.
  if (e.NODE_ENV === 'production' && e.CLOCK_OFFSET_S !== 0) {
    issues.push({ variable: 'CLOCK_OFFSET_S', message: 'must be 0 when NODE_ENV=production' });
  }
  // A key without the webhook secret could take money it can never confirm (fulfilment happens
  // only in the signature-checked webhook), and a secret alone has nothing to confirm.
  if (e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET === undefined) {
    issues.push({ variable: 'STRIPE_WEBHOOK_SECRET', message: 'must be set when STRIPE_SECRET_KEY is set' });
  } else if (e.STRIPE_SECRET_KEY === undefined && e.STRIPE_WEBHOOK_SECRET !== undefined) {
    issues.push({ variable: 'STRIPE_SECRET_KEY', message: 'must be set when STRIPE_WEBHOOK_SECRET is set' });
  }
  // Xcode and LocalTesting transactions are signed by Xcode, not Apple: the verifier skips the
  // signature, so trusting them in production would credit anything a client sends.
  if (e.NODE_ENV === 'production' && (e.APPLE_ENVIRONMENT === 'Xcode' || e.APPLE_ENVIRONMENT === 'LocalTesting')) {
    issues.push({ variable: 'APPLE_ENVIRONMENT', message: 'must be Sandbox or Production when NODE_ENV=production' });
  }
  if (e.APPLE_BUNDLE_ID !== undefined && e.APPLE_ENVIRONMENT === 'Production' && e.APPLE_APP_APPLE_ID === undefined) {
    issues.push({ variable: 'APPLE_APP_APPLE_ID', message: 'is required when APPLE_ENVIRONMENT=Production' });
  }
  if (e.SMS_PROVIDER === 'twilio') {
    if (e.TWILIO_ACCOUNT_SID === undefined) {
      issues.push({ variable: 'TWILIO_ACCOUNT_SID', message: 'is required when SMS_PROVIDER=twilio' });
    }
    if (e.TWILIO_AUTH_TOKEN === undefined) {
      issues.push({ variable: 'TWILIO_AUTH_TOKEN', message: 'is required when SMS_PROVIDER=twilio' });
    }
    if (e.TWILIO_FROM === undefined && e.TWILIO_MESSAGING_SERVICE_SID === undefined) {
      issues.push({
        variable: 'TWILIO_FROM',
        message: 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio',
      });
    }
  }
  if (e.MEDIA_STORAGE === 's3') {
    for (const name of MEDIA_S3_REQUIRED) {
      if (e[name] === undefined) issues.push({ variable: name, message: 'is required when MEDIA_STORAGE=s3' });
    }
  }
  if (e.HTTP_HEADERS_TIMEOUT_S > e.HTTP_REQUEST_TIMEOUT_S) {
    issues.push({ variable: 'HTTP_HEADERS_TIMEOUT_S', message: 'must not exceed HTTP_REQUEST_TIMEOUT_S' });
  }
  if (e.REFRESH_TOKEN_TTL_S <= e.ACCESS_TOKEN_TTL_S) {
    issues.push({ variable: 'REFRESH_TOKEN_TTL_S', message: 'must be longer than ACCESS_TOKEN_TTL_S' });
  }
  return issues;
}

function smsConfigOf(e: z.output<typeof envSchema>): SmsConfig {
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

function stripeConfigOf(e: z.output<typeof envSchema>): StripeConfig | undefined {
  if (e.STRIPE_SECRET_KEY === undefined || e.STRIPE_WEBHOOK_SECRET === undefined) return undefined;
  return Object.freeze({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
  });
}

function appleConfigOf(e: z.output<typeof envSchema>): AppleConfig | undefined {
  if (e.APPLE_BUNDLE_ID === undefined) return undefined;
  return Object.freeze({
    bundleId: e.APPLE_BUNDLE_ID,
    environment: e.APPLE_ENVIRONMENT,
    appAppleId: e.APPLE_APP_APPLE_ID,
    rootCertsDir: resolvePath(e.APPLE_ROOT_CERTS_DIR),
    onlineChecks: e.APPLE_ONLINE_CHECKS,
  });
}

function mediaS3ConfigOf(e: z.output<typeof envSchema>): MediaS3Config | undefined {
  if (e.MEDIA_STORAGE === 'local') return undefined;
  // crossFieldIssues has already refused an s3 setup without these.
  return Object.freeze({
    endpoint: (e.MEDIA_S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    region: e.MEDIA_S3_REGION,
    bucket: e.MEDIA_S3_BUCKET ?? '',
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY ?? '',
    prefix: (e.MEDIA_S3_PREFIX ?? '').replace(/\/+$/, ''),
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
  });
}

/** Relative paths are relative to the repository root, whatever the working directory. */
function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

export function loadConfig(env: Env = process.env): Readonly<ServerConfig> {
  const e = parseEnv(env);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : resolvePath(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    appName: e.APP_NAME,
    appId: e.APP_ID,
    supportEmail: e.SUPPORT_EMAIL,
    iosAppUrl: e.IOS_APP_URL,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    mediaS3: mediaS3ConfigOf(e),
    webDistDir: resolvePath(e.WEB_DIST_DIR),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    passwordLoginEnabled: e.PASSWORD_LOGIN_ENABLED,
    googleClientId: e.GOOGLE_CLIENT_ID,
    facebookClientId: e.FACEBOOK_CLIENT_ID,
    tiktokClientKey: e.TIKTOK_CLIENT_KEY,
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
    stripe: stripeConfigOf(e),
    appleBundleId: e.APPLE_BUNDLE_ID,
    apple: appleConfigOf(e),
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
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    demoCatalog: e.DEMO_CATALOG,
    clockOffsetS: e.CLOCK_OFFSET_S,
    coinCheckinValidityDays: e.COIN_CHECKIN_VALIDITY_DAYS,
    coinRewardValidityDays: e.COIN_REWARD_VALIDITY_DAYS,
    coinExpiryIntervalS: e.COIN_EXPIRY_INTERVAL_S,
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
