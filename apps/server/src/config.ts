import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.js';

export { configDocs, renderConfigTable, type ConfigDoc } from './config-docs.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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

const httpUrl = urlWithProtocols(['http:', 'https:']);
const nonEmpty = z.string().min(1);

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
  IOS_APP_URL: urlWithProtocols(['https:']).default('https://apps.apple.com/app/cliffhanger/id0000000000'),
  MEDIA_BASE_URL: z
    .string()
    .refine((value) => value.startsWith('/') || httpUrl.safeParse(value).success, {
      error: 'must be an absolute path such as /media or an http(s) URL',
    })
    .default('/media'),
  WEB_DIST_DIR: nonEmpty.default('apps/web/dist'),
  PUBLIC_BASE_URL: httpUrl.default('http://localhost:8080'),
  PASSWORD_LOGIN_ENABLED: boolean.default(true),
  GOOGLE_CLIENT_ID: nonEmpty.optional(),
  FACEBOOK_CLIENT_ID: nonEmpty.optional(),
  TIKTOK_CLIENT_KEY: nonEmpty.optional(),
  STRIPE_SECRET_KEY: nonEmpty.optional(),
  APPLE_BUNDLE_ID: nonEmpty.optional(),
  TRUST_PROXY: boolean.default(false),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
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
  iosAppUrl: string;
  mediaBaseUrl: string;
  /** Absolute path of the web build. */
  webDistDir: string;
  publicBaseUrl: string;
  passwordLoginEnabled: boolean;
  googleClientId: string | undefined;
  facebookClientId: string | undefined;
  tiktokClientKey: string | undefined;
  stripeSecretKey: string | undefined;
  appleBundleId: string | undefined;
  trustProxy: boolean;
  bodyLimitBytes: number;
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
  const result = envSchema.safeParse(known);
  if (result.success) return result.data;

  const byVariable = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? '(environment)');
    byVariable.set(variable, [...(byVariable.get(variable) ?? []), issue.message]);
  }
  throw new ConfigError([...byVariable].map(([variable, messages]) => ({ variable, message: messages.join('; ') })));
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
    webDistDir: resolvePath(e.WEB_DIST_DIR),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    passwordLoginEnabled: e.PASSWORD_LOGIN_ENABLED,
    googleClientId: e.GOOGLE_CLIENT_ID,
    facebookClientId: e.FACEBOOK_CLIENT_ID,
    tiktokClientKey: e.TIKTOK_CLIENT_KEY,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    appleBundleId: e.APPLE_BUNDLE_ID,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
  });
}
