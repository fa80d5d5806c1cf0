/**
 * The environment the server reads: each variable once, with its parsing, default and
 * description, and the rules that span several variables. config.ts shapes the result into the
 * server's settings; config-docs.ts writes the README table and `.env.example` from it.
 */
import { z } from 'zod';
import { parseMediaTokenKeys } from './media/signing/media-token.js';

const DAY_S = 86_400;

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** Only explicit spellings: a typo such as `ture` must stop the boot, not silently mean false. */
const boolean = oneOf(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A whole number in [min, max], signed only when the range reaches below zero. */
const integer = (min: number, max: number) =>
  z
    .string()
    .regex(min < 0 ? /^[+-]?\d+$/ : /^\d+$/, { error: 'must be a whole number' })
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

/** The check-in cycle's length: 7 days (docs/product.md#business-constants). */
const CHECKIN_CYCLE_DAYS = 7;

/** Seven whole numbers ≥ 1, comma-separated: the coins of cycle days 1..7. */
const checkinRewards = z
  .string()
  .regex(new RegExp(`^\\s*\\d+(\\s*,\\s*\\d+){${CHECKIN_CYCLE_DAYS - 1}}\\s*$`), {
    error: `must be ${CHECKIN_CYCLE_DAYS} whole numbers separated by commas`,
  })
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .pipe(z.array(z.number().int().min(1, { error: 'each day must pay at least 1 coin' }).max(100_000)));

const httpUrl = urlWithProtocols(['http:', 'https:']);

/** MEDIA_TOKEN_KEYS: `kid:secret[:from]`, comma-separated (media-token.ts says what each part means). */
const mediaTokenKeys = z.string().transform((value, ctx) => {
  try {
    return parseMediaTokenKeys(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
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
          error:
            'must be origins such as capacitor://localhost or https://app.example.com (scheme://host[:port], no path, no *), comma-separated',
        }),
      )
      .min(1),
  );

/**
 * Settings that only work together. A provider id and its secret: sign-in with one but not the
 * other could only fail later. A Stripe key without the webhook secret could take money it can
 * never confirm (fulfilment happens only in the signature-checked webhook), and a secret alone
 * has nothing to confirm.
 */
const CREDENTIAL_PAIRS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
] as const;

/** What MEDIA_STORAGE=s3 cannot work without (region, prefix and URL style have defaults). */
const MEDIA_S3_REQUIRED = [
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

/** What each MEDIA_CDN_PURGE provider cannot work without. */
const MEDIA_CDN_REQUIRED = {
  none: [],
  cloudfront: ['MEDIA_CDN_CLOUDFRONT_DISTRIBUTION_ID'],
  cloudflare: ['MEDIA_CDN_CLOUDFLARE_ZONE_ID', 'MEDIA_CDN_CLOUDFLARE_API_TOKEN'],
  fastly: ['MEDIA_CDN_FASTLY_SERVICE_ID', 'MEDIA_CDN_FASTLY_API_TOKEN'],
} as const;

/** What the README table and `.env.example` say of a variable (config-docs.ts reads it). */
export interface SettingDoc {
  /** The value used when the variable is unset, as you would write it in the environment. */
  default: string | undefined;
  description: string;
}
export const settingDocs = z.registry<SettingDoc>();

/**
 * A variable with a default, written as it would be in the environment: an unset variable is
 * parsed as if it held that text, so the default passes the same checks and transforms as a set
 * value, and the documented default is the applied one by construction.
 */
function setting<T extends z.ZodType<unknown, string>>(schema: T, fallback: string, description: string) {
  const withDefault = schema.prefault(fallback as z.input<T>);
  settingDocs.add(withDefault, { default: fallback, description });
  return withDefault;
}

/** A variable that may stay unset (the feature it configures is then off, or derived). */
function optional<T extends z.ZodType<unknown, string>>(schema: T, description: string) {
  const unset = schema.optional();
  settingDocs.add(unset, { default: undefined, description });
  return unset;
}

/** The environment, keyed by variable name (see the top of this file). */
export const envSchema = z.object({
  PORT: setting(integer(0, 65535), '8080', 'TCP port the HTTP server listens on (0 picks a free port).'),
  HOST: setting(nonEmpty, '0.0.0.0', 'Interface the HTTP server binds to.'),
  LOG_LEVEL: setting(
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
    "pino log level: fatal, error, warn, info, debug, trace or silent. One line per request is written at debug (the proxy's access log and /metrics carry requests otherwise).",
  ),
  LOG_FORMAT: setting(
    oneOf(['json', 'pretty']),
    'json',
    'json: one JSON object per line, for journald, docker and log shippers. pretty: one readable line per event, for a person at a terminal (`npm start` sets it).',
  ),
  METRICS_TOKEN: optional(
    // RFC 6750's token characters, so the value travels in `Authorization: Bearer …` as written.
    z.string().regex(/^[A-Za-z0-9._~+/-]{16,256}=*$/, {
      error: 'must be 16 to 256 characters of letters, digits and ._~+/- (e.g. `openssl rand -hex 32`)',
    }),
    'Bearer token that GET /metrics (Prometheus) requires in `Authorization: Bearer <token>`. Unset: /metrics is open, like /healthz; set it (or keep /metrics off the public proxy) whenever the port is reachable from outside. See docs/operations.md.',
  ),
  DATABASE_URL: optional(
    urlWithProtocols(['postgres:', 'postgresql:']),
    'PostgreSQL URL (postgres://…). Unset: embedded PGlite in `${DATA_DIR}/db`.',
  ),
  DATABASE_POOL_SIZE: setting(
    integer(1, 500),
    '10',
    "PostgreSQL connections each process may open. Every API process, the CLIs and `npm run migrate` have their own pool: keep processes × this below the server's `max_connections` with room for administration (docs/deploy.md). Embedded mode has one connection.",
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: setting(
    integer(0, 3_600_000),
    '15000',
    'PostgreSQL `statement_timeout` of every connection the API and the worker open: a statement running longer is cancelled and the request answered 503 with Retry-After (code SERVICE_UNAVAILABLE). 0: no bound. The CLIs (import, reconcile, migrate) run without it.',
  ),
  DATABASE_LOCK_TIMEOUT_MS: setting(
    integer(0, 3_600_000),
    '5000',
    'PostgreSQL `lock_timeout`: how long a statement may wait for a lock (a row another request holds, a table an operator locked) before it gives up and the request is answered 503 with Retry-After. 0: wait for ever.',
  ),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: setting(
    integer(0, 3_600_000),
    '30000',
    'PostgreSQL `idle_in_transaction_session_timeout`: a transaction left open and idle this long is ended by the server, so a stuck process cannot hold row locks. 0: no bound.',
  ),
  DATABASE_CONNECT_WAIT_S: setting(
    integer(0, 3600),
    '60',
    'At boot, how long the API and the worker keep retrying (with backoff) while PostgreSQL does not answer yet, before giving up and exiting. 0: try once.',
  ),
  DATA_DIR: setting(
    nonEmpty,
    './data',
    'Local data directory (PGlite database `db/`, local media `media/`, generated `secret.key`). Relative to the repository root; `memory://` keeps the database in memory.',
  ),
  REDIS_URL: optional(
    urlWithProtocols(['redis:', 'rediss:']),
    'Redis URL (redis:// or rediss://) for shared rate limits and cache invalidation. Unset: in-process equivalents, right for one process; with DATABASE_URL set and no REDIS_URL the server logs a warning at boot and /readyz lists `rate-limits-per-process`, because N processes would allow N times each limit.',
  ),
  APP_NAME: setting(nonEmpty, 'Cliffhanger', 'Product name shown to users and used as the OpenAPI title.'),
  APP_ID: setting(
    z
      .string()
      .regex(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+$/, { error: 'must be a reverse-DNS id such as com.example.app' }),
    'com.cliffhanger.app',
    'Reverse-DNS application id reported by /app/config.',
  ),
  SUPPORT_EMAIL: setting(
    z.email({ error: 'must be an email address' }),
    'support@cliffhanger.app',
    'Support address shown in the app.',
  ),
  IOS_APP_URL: optional(
    urlWithProtocols(['https:']),
    'App Store page of the iOS app (download page). Unset: the download page shows a QR code of this web app and says the iOS app is configured by the operator.',
  ),
  MEDIA_BASE_URL: setting(
    z.string().refine((value) => value.startsWith('/') || httpUrl.safeParse(value).success, {
      error: 'must be an absolute path such as /media or an http(s) URL',
    }),
    '/media',
    'Where clients fetch media: a path on this server or a CDN URL. For the iOS app make it absolute (e.g. `https://api.example.com/media`, this server at its public origin): the app resolves a path against its own origin, where no media is.',
  ),
  MEDIA_TOKEN_KEYS: optional(
    mediaTokenKeys,
    'Keys of the media tokens that open episode files, shared with the edge (deploy/nginx/edge.conf, docs/edge.md): `kid:secret[:from]` comma-separated, each secret ≥ 32 base64 characters, `from` the unix second it starts signing (the latest started key signs; every listed key verifies). Unset: one key `k0` derived from AUTH_SECRET. See docs/media.md.',
  ),
  MEDIA_STORAGE: setting(
    oneOf(['local', 's3']),
    'local',
    'Media storage driver: `local` keeps files in `${DATA_DIR}/media`; `s3` uses S3-compatible object storage (MEDIA_S3_*). See docs/media.md.',
  ),
  MEDIA_S3_ENDPOINT: optional(
    httpUrl,
    'S3 API endpoint (http(s) URL), e.g. `https://s3.us-east-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com` or `http://minio:9000`. Required with MEDIA_STORAGE=s3.',
  ),
  MEDIA_S3_REGION: setting(
    z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1 (R2: auto)' }),
    'us-east-1',
    'Region used in request signatures (Cloudflare R2: `auto`).',
  ),
  // The rules every S3-compatible store accepts; the name also becomes a host name (virtual-host style).
  MEDIA_S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
    }),
    'Bucket holding the media. Required with MEDIA_STORAGE=s3.',
  ),
  MEDIA_S3_ACCESS_KEY_ID: optional(nonEmpty, 'Access key id of the S3 credentials. Required with MEDIA_STORAGE=s3.'),
  MEDIA_S3_SECRET_ACCESS_KEY: optional(
    nonEmpty,
    'Secret access key of the S3 credentials. Required with MEDIA_STORAGE=s3.',
  ),
  MEDIA_S3_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/, {
      error: 'must be key segments of letters, digits, ., _ and - separated by / (e.g. media/prod)',
    }),
    'Key prefix inside the bucket (e.g. `media/prod`), so several environments can share one bucket. Unset: keys are the media paths.',
  ),
  MEDIA_S3_FORCE_PATH_STYLE: setting(
    boolean,
    'true',
    'Path-style URLs `${endpoint}/${bucket}/${key}` (MinIO, R2, most S3-compatible stores); false: virtual-host style `${bucket}.${endpoint host}/${key}`.',
  ),
  MEDIA_CDN_PURGE: setting(
    oneOf(['none', 'cloudfront', 'cloudflare', 'fastly']),
    'none',
    'The CDN in front of MEDIA_BASE_URL that is told to drop an episode directory once it is no longer served (a re-import or console upload replaced it, the episode was deleted, its drama unpublished), through a retried background job: `none` (no CDN, or the nginx edge), `cloudfront` (MEDIA_CDN_CLOUDFRONT_*, AWS credentials from the usual AWS_* variables or the instance role), `cloudflare` (MEDIA_CDN_CLOUDFLARE_*; purge by prefix, an Enterprise feature) or `fastly` (MEDIA_CDN_FASTLY_*). See docs/cdn.md.',
  ),
  MEDIA_CDN_CLOUDFRONT_DISTRIBUTION_ID: optional(
    z.string().regex(/^[A-Z0-9]{8,32}$/, { error: 'must be a distribution id such as E2QWRUHEXAMPLE' }),
    'CloudFront distribution whose cache is invalidated (`/episodes/<slug>/<dir>/*`). Required with MEDIA_CDN_PURGE=cloudfront.',
  ),
  MEDIA_CDN_CLOUDFRONT_ENDPOINT: optional(
    httpUrl,
    "CloudFront API endpoint instead of AWS's (change only for a test double).",
  ),
  MEDIA_CDN_CLOUDFLARE_ZONE_ID: optional(
    z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a zone id: 32 hexadecimal characters' }),
    'Cloudflare zone of the media host. Required with MEDIA_CDN_PURGE=cloudflare, which also needs an absolute MEDIA_BASE_URL (its host and path are the prefix the Worker caches under).',
  ),
  MEDIA_CDN_CLOUDFLARE_API_TOKEN: optional(
    nonEmpty,
    'Cloudflare API token with the zone\'s Cache Purge permission. Required with MEDIA_CDN_PURGE=cloudflare.',
  ),
  MEDIA_CDN_CLOUDFLARE_API_BASE: setting(
    httpUrl,
    'https://api.cloudflare.com',
    'Base URL of the Cloudflare API (tests point it at a local fake).',
  ),
  MEDIA_CDN_FASTLY_SERVICE_ID: optional(
    z.string().regex(/^[A-Za-z0-9]{8,64}$/, { error: 'must be a Fastly service id (letters and digits)' }),
    'Fastly service of the media host, whose answers carry the surrogate keys deploy/cdn/fastly.vcl sets. Required with MEDIA_CDN_PURGE=fastly.',
  ),
  MEDIA_CDN_FASTLY_API_TOKEN: optional(
    nonEmpty,
    'Fastly API token with the purge_select scope. Required with MEDIA_CDN_PURGE=fastly.',
  ),
  MEDIA_CDN_FASTLY_API_BASE: setting(
    httpUrl,
    'https://api.fastly.com',
    'Base URL of the Fastly API (tests point it at a local fake).',
  ),
  WEB_DIST_DIR: setting(nonEmpty, 'apps/web/dist', 'Built web app served at /. Relative to the repository root.'),
  CONSOLE_DIST_DIR: setting(
    nonEmpty,
    'apps/console/dist',
    'Built operator console served at /console/. Relative to the repository root. See docs/console.md.',
  ),
  CONSOLE_PORT: optional(
    integer(0, 65535),
    'TCP port of a listener of its own for the operator console (its pages and /console/api), on CONSOLE_HOST; the main listener then answers 404 under /console, and this one 404 for everything else. Unset: the console is served on the main listener. See docs/console.md.',
  ),
  CONSOLE_HOST: setting(
    nonEmpty,
    '127.0.0.1',
    "Interface the console's own listener binds to when CONSOLE_PORT is set (by default only this machine: reach it through a VPN or an SSH tunnel).",
  ),
  PUBLIC_BASE_URL: setting(
    httpUrl,
    'http://localhost:8080',
    'Public origin of this server, used in links and provider callbacks.',
  ),
  PASSWORD_LOGIN_ENABLED: setting(boolean, 'true', 'Offer phone + password sign-in (true/false).'),
  GOOGLE_CLIENT_ID: optional(
    nonEmpty,
    'Google OAuth client id. Set together with GOOGLE_CLIENT_SECRET: Google sign-in enabled.',
  ),
  GOOGLE_CLIENT_SECRET: optional(
    nonEmpty,
    'Google OAuth client secret; required when GOOGLE_CLIENT_ID is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/googleLogin`.',
  ),
  GOOGLE_AUTH_URL: setting(
    httpUrl,
    'https://accounts.google.com/o/oauth2/v2/auth',
    "Google's authorization endpoint (change only for a test double).",
  ),
  GOOGLE_TOKEN_URL: setting(
    httpUrl,
    'https://oauth2.googleapis.com/token',
    "Google's token endpoint (change only for a test double).",
  ),
  GOOGLE_USERINFO_URL: setting(
    httpUrl,
    'https://openidconnect.googleapis.com/v1/userinfo',
    "Google's OpenID Connect userinfo endpoint (change only for a test double).",
  ),
  FACEBOOK_CLIENT_ID: optional(
    nonEmpty,
    'Facebook app id. Set together with FACEBOOK_CLIENT_SECRET: Facebook sign-in enabled.',
  ),
  FACEBOOK_CLIENT_SECRET: optional(
    nonEmpty,
    'Facebook app secret; required when FACEBOOK_CLIENT_ID is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/facebookLogin`.',
  ),
  FACEBOOK_AUTH_URL: setting(
    httpUrl,
    'https://www.facebook.com/v21.0/dialog/oauth',
    "Facebook's login dialog (change only for a test double or a Graph API version upgrade).",
  ),
  FACEBOOK_GRAPH_URL: setting(
    httpUrl,
    'https://graph.facebook.com/v21.0',
    'Versioned Graph API root used for the token exchange and /me (same version as the dialog).',
  ),
  TIKTOK_CLIENT_KEY: optional(
    nonEmpty,
    'TikTok client key. Set together with TIKTOK_CLIENT_SECRET: TikTok sign-in enabled.',
  ),
  TIKTOK_CLIENT_SECRET: optional(
    nonEmpty,
    'TikTok client secret; required when TIKTOK_CLIENT_KEY is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/tiktokLogin`.',
  ),
  TIKTOK_AUTH_URL: setting(
    httpUrl,
    'https://www.tiktok.com/v2/auth/authorize/',
    "TikTok's Login Kit authorization page (change only for a test double).",
  ),
  TIKTOK_TOKEN_URL: setting(
    httpUrl,
    'https://open.tiktokapis.com/v2/oauth/token/',
    "TikTok's OAuth v2 token endpoint (change only for a test double).",
  ),
  TIKTOK_USERINFO_URL: setting(
    httpUrl,
    'https://open.tiktokapis.com/v2/user/info/',
    "TikTok's user info endpoint (change only for a test double).",
  ),
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, {
      error: 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)',
    }),
    'Stripe secret key (sk_test_… or sk_live_…). Set together with STRIPE_WEBHOOK_SECRET: card payments enabled. Unset: plans and packs are listed with prices, buying answers 50002. See docs/payments.md.',
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: 'must be a webhook signing secret (whsec_…)' }),
    'Signing secret (whsec_…) of the webhook endpoint `${PUBLIC_BASE_URL}/api/v1/payments/stripe/webhook`; required with STRIPE_SECRET_KEY. Orders are fulfilled only by signature-checked webhooks.',
  ),
  STRIPE_API_BASE: setting(
    httpUrl,
    'https://api.stripe.com',
    'Base URL of the Stripe API. Change only to point at a local double (e.g. stripe-mock on `http://127.0.0.1:12111`).',
  ),
  APPLE_BUNDLE_ID: optional(
    nonEmpty,
    'iOS bundle id. Set: Apple in-app purchase enabled (`/member/confirm` verifies that transactions name this bundle). See docs/payments.md.',
  ),
  APPLE_ENVIRONMENT: setting(
    // The App Store environments StoreKit signs for; Xcode and LocalTesting are not signed by Apple.
    oneOf(['Sandbox', 'Production', 'Xcode', 'LocalTesting']),
    'Sandbox',
    'App Store environment whose signed transactions and notifications are accepted: Sandbox, Production, Xcode or LocalTesting. Xcode and LocalTesting are not signed by Apple (the signature is not checked) and are refused when NODE_ENV=production.',
  ),
  APPLE_APP_APPLE_ID: optional(
    integer(1, Number.MAX_SAFE_INTEGER),
    "The app's numeric Apple id (App Store Connect → App Information); required when APPLE_ENVIRONMENT=Production.",
  ),
  APPLE_ROOT_CERTS_DIR: setting(
    nonEmpty,
    'apps/server/certs/apple',
    'Directory of trusted root certificates (`.cer`, `.der` or `.pem`) for App Store signatures; the default holds Apple Root CA - G3. Relative to the repository root.',
  ),
  APPLE_ONLINE_CHECKS: setting(
    boolean,
    'true',
    'Check App Store certificates for revocation (OCSP) and expiry against the current time. false only for tests with a self-made chain.',
  ),
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be an uncompressed P-256 public key, base64url (87 characters)' }),
    'Web Push (VAPID) public key, base64url (`npx web-push generate-vapid-keys`); set together with VAPID_PRIVATE_KEY. Unset: a key pair is generated once into `${DATA_DIR}/vapid.json` (mode 0600), per process with `memory://`; set it whenever more than one machine runs the API or the worker (each would generate its own, and browsers bind a subscription to one key). See docs/notifications.md.',
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key, base64url (43 characters)' }),
    'Web Push (VAPID) private key, base64url; set together with VAPID_PUBLIC_KEY.',
  ),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' }),
    'Contact the push services may use about this sender (VAPID `sub`). Unset: `mailto:` + SUPPORT_EMAIL.',
  ),
  WEB_PUSH_EXTRA_ORIGINS: optional(
    webOrigins,
    'Push-service origins accepted besides the known browser push services (comma-separated `https://host[:port]`): only for tests with a stand-in push service; refused when NODE_ENV=production.',
  ),
  WEB_PUSH_CA_FILE: optional(
    nonEmpty,
    "PEM file of an extra CA the connections to push services trust (a stand-in's test certificate); refused when NODE_ENV=production.",
  ),
  APNS_KEY_FILE: optional(
    nonEmpty,
    'Path of the APNs auth key (`AuthKey_XXXX.p8`, ES256) that signs the provider tokens. Set with APNS_KEY_ID and APNS_TEAM_ID: iOS devices can subscribe to notifications. Relative to the repository root.',
  ),
  APNS_KEY_ID: optional(
    z.string().regex(/^[A-Z0-9]{10}$/, { error: 'must be a 10-character key id' }),
    'Key id of APNS_KEY_FILE.',
  ),
  APNS_TEAM_ID: optional(
    z.string().regex(/^[A-Z0-9]{10}$/, { error: 'must be a 10-character team id' }),
    'Apple developer team id (JWT `iss`).',
  ),
  APNS_TOPIC: optional(nonEmpty, "The app's bundle id, sent as apns-topic. Unset: APPLE_BUNDLE_ID, else APP_ID."),
  APNS_ENVIRONMENT: setting(
    oneOf(['sandbox', 'production']),
    'sandbox',
    'APNs environment: sandbox (development builds, TestFlight uses production) or production.',
  ),
  APNS_HOST: optional(
    z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, { error: 'must be host[:port]' }),
    "APNs server as host[:port], instead of the environment's: only for tests with a stand-in; refused when NODE_ENV=production.",
  ),
  APNS_CA_FILE: optional(
    nonEmpty,
    "PEM file of an extra CA the APNs connection trusts (a stand-in's test certificate).",
  ),
  TRUST_PROXY: setting(boolean, 'false', 'Trust X-Forwarded-* headers (true only behind a reverse proxy you control).'),
  CORS_ORIGINS: setting(
    webOrigins,
    'capacitor://localhost',
    'Origins (comma-separated `scheme://host[:port]`, no `*`) whose pages may call the API and load media from another origin (CORS: `Authorization`, GET/POST/PUT/DELETE; no cookies). The default is the iOS shell, which serves the web build from `capacitor://localhost`. Pages served by this server need nothing here. See apps/mobile/README.md.',
  ),
  BODY_LIMIT_BYTES: setting(
    integer(1024, 100 * 1024 * 1024),
    '1048576',
    'Largest accepted request body in bytes; larger bodies get code 10004 (HTTP 413).',
  ),
  HTTP_HEADERS_TIMEOUT_S: setting(
    integer(1, 300),
    '10',
    'Seconds a client has to send the request headers; a connection trickling them is answered 408 and closed (checked every second). At most HTTP_REQUEST_TIMEOUT_S.',
  ),
  HTTP_REQUEST_TIMEOUT_S: setting(
    integer(1, 3600),
    '60',
    'Seconds a client has to send a whole request, body included (an avatar upload on a slow network must fit); beyond it 408 and the connection is closed.',
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_S: setting(
    integer(1, 600),
    '5',
    "Seconds an idle keep-alive connection stays open. Behind a load balancer, set it above the balancer's idle timeout (e.g. 65 for an AWS ALB's 60).",
  ),
  NODE_ENV: setting(
    oneOf(['development', 'test', 'production']),
    'development',
    'development, test or production. production refuses to boot without AUTH_SECRET.',
  ),
  AUTH_SECRET: optional(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)' }),
    'Key (≥ 32 characters) of the keyed hashes of SMS codes and deleted phones. Unset: generated once into `${DATA_DIR}/secret.key` (mode 0600), random per process with `memory://`. Required in production; changing it invalidates pending codes and deleted-phone records.',
  ),
  ACCESS_TOKEN_TTL_S: setting(integer(60, 30 * DAY_S), '7200', 'Lifetime of an access token in seconds.'),
  REFRESH_TOKEN_TTL_S: setting(
    integer(3600, 365 * DAY_S),
    '2592000',
    'Lifetime of a refresh token in seconds (renewed on each rotation); must exceed ACCESS_TOKEN_TTL_S.',
  ),
  SMS_PROVIDER: setting(
    oneOf(['console', 'twilio']),
    'console',
    '`console` logs sign-in codes at info level (local development); `twilio` sends them with the Twilio Messages API.',
  ),
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-zA-Z]{8,}$/, { error: 'must be an account SID (AC…)' }),
    'Twilio account SID (AC…). Required with SMS_PROVIDER=twilio.',
  ),
  TWILIO_AUTH_TOKEN: optional(nonEmpty, 'Twilio auth token. Required with SMS_PROVIDER=twilio.'),
  TWILIO_FROM: optional(
    nonEmpty,
    'Sender number (E.164) or alphanumeric sender id. This or TWILIO_MESSAGING_SERVICE_SID is required with SMS_PROVIDER=twilio.',
  ),
  TWILIO_MESSAGING_SERVICE_SID: optional(
    z.string().regex(/^MG[0-9a-zA-Z]{8,}$/, { error: 'must be a messaging service SID (MG…)' }),
    'Twilio messaging service SID (MG…); used instead of TWILIO_FROM when set.',
  ),
  TWILIO_API_BASE: setting(
    httpUrl,
    'https://api.twilio.com',
    'Base URL of the Twilio REST API (tests point it at a local fake).',
  ),
  SMS_CODE_TTL_S: setting(integer(60, DAY_S), '600', 'How long an SMS sign-in code stays valid, in seconds.'),
  SMS_RESEND_S: setting(
    integer(0, 3600),
    '60',
    'Seconds before another code may be sent to the same phone (code 70006 with `resend_in` before that).',
  ),
  SMS_PHONE_HOURLY_CAP: setting(
    integer(1, 10_000),
    '5',
    'Most SMS codes sent to one phone per hour (code 10003 beyond).',
  ),
  SMS_IP_HOURLY_CAP: setting(
    integer(1, 1_000_000),
    '20',
    'Most SMS codes requested from one client IP per hour (code 10003 beyond).',
  ),
  SMS_PHONE_DAILY_CAP: setting(
    integer(1, 10_000),
    '10',
    'Most SMS codes sent to one phone in 24 hours (code 10003 beyond). Counted in the database, so it holds across processes even without REDIS_URL.',
  ),
  LOGIN_HOURLY_CAP: setting(
    integer(1, 1_000_000),
    '10',
    'Most password sign-in attempts per phone and per client IP per hour (code 10003 beyond).',
  ),
  AVATAR_MAX_BYTES: setting(
    integer(1024, 50 * 1024 * 1024),
    '5242880',
    'Largest accepted avatar upload in bytes (code 10004, HTTP 413 beyond).',
  ),
  CONSOLE_UPLOAD_MAX_BYTES: setting(
    integer(1024 * 1024, 1024 ** 4),
    String(2 * 1024 ** 3),
    'Largest episode video an operator may upload through the console, in bytes (default 2 GiB). A larger `Upload-Length` is refused before any byte is sent (code 10004, HTTP 413). Uploads are staged in `${DATA_DIR}/uploads` (a temporary folder with `memory://`), also with MEDIA_STORAGE=s3; see docs/console.md.',
  ),
  FFMPEG_PATH: setting(
    nonEmpty,
    'ffmpeg',
    'ffmpeg executable used by `npm run catalog -- import` and by the import of episodes uploaded through the console, in whichever process runs jobs (a name on PATH or a path). Not needed to serve viewers, nor to load the demo catalogue.',
  ),
  FFPROBE_PATH: setting(
    nonEmpty,
    'ffprobe',
    "ffprobe executable used by the catalogue import and the console's episode imports to check source videos.",
  ),
  DEMO_CATALOG: optional(
    boolean,
    'When the dramas table is empty at boot, import the committed demo catalogue (`apps/server/demo`: 12 dramas with real video, subtitles and posters; no ffmpeg needed). Never touches a catalogue that has dramas. Unset: on, except with NODE_ENV=production, where it is off and `true` is refused (a production deployment starts empty).',
  ),
  CLOCK_OFFSET_S: setting(
    integer(-366 * DAY_S, 366 * DAY_S),
    '0',
    "Seconds added to the server's clock, so day-based rules (check-in streaks, expiry, invite windows) can be tried without waiting: restart with `CLOCK_OFFSET_S=86400` and it is tomorrow. The e2e suite uses it. Refused when NODE_ENV=production.",
  ),
  COIN_CHECKIN_VALIDITY_DAYS: setting(
    integer(1, 3650),
    '7',
    'Days check-in reward coins stay spendable before they expire. See docs/wallet.md.',
  ),
  COIN_REWARD_VALIDITY_DAYS: setting(
    integer(0, 3650),
    '0',
    'Days other reward coins (task, watch video, ad, share, invitee rewards and giveaways) stay spendable; 0 = they never expire. Purchased coins never expire.',
  ),
  COIN_EXPIRY_INTERVAL_S: setting(
    integer(10, DAY_S),
    '300',
    'Seconds between runs of the background job that expires due coin lots (a wallet is also brought up to date whenever it is read or used). The worker schedules it by whole minutes.',
  ),
  JOB_RUNNER: setting(
    oneOf(['in-process', 'worker']),
    'in-process',
    "Who runs the background jobs (coin expiry, copies of sign-in providers' pictures, catalogue imports queued with `npm run catalog -- enqueue`, imports of episodes uploaded through the console and the sweep of their uploads): `in-process`, each server itself (one machine), or `worker`, a separate `npm run worker` on PostgreSQL through a job queue (pg-boss) while the API processes only queue them. `worker` needs DATABASE_URL. See docs/deploy.md.",
  ),
  WORKER_METRICS_PORT: setting(
    integer(0, 65535),
    '9464',
    "TCP port on which `npm run worker` answers GET /metrics (its job runs, guarded by METRICS_TOKEN like the API's) and GET /healthz, on HOST (0 picks a free port, logged at start). Only the worker reads it; give each worker on one machine its own. See docs/operations.md.",
  ),
  REWARDS_TIME_ZONE: setting(
    timeZone,
    'UTC',
    'IANA time zone whose calendar day is "today" for the check-in, daily tasks and ad caps (e.g. `Europe/Istanbul`). See docs/rewards.md.',
  ),
  CHECKIN_REWARDS: setting(
    checkinRewards,
    '10,10,10,10,10,10,10',
    'Coins paid on days 1 to 7 of the check-in cycle: seven whole numbers ≥ 1, comma-separated.',
  ),
  WATCH_VIDEO_REWARD: setting(integer(1, 100_000), '5', 'Coins per counted video of the watch-video task.'),
  WATCH_VIDEO_DAILY_CAP: setting(integer(1, 1000), '10', 'Most videos a day the watch-video task counts.'),
  SHARE_APP_REWARD: setting(integer(1, 100_000), '20', 'Coins of the share-app task, once a day.'),
  INVITE_REWARD: setting(
    integer(1, 100_000),
    '50',
    'Coins per successful invite for the inviter, claimed through the invite-friends task.',
  ),
  INVITEE_REWARD: setting(
    integer(1, 100_000),
    '20',
    'Welcome coins credited at once to a new user who enters an invite code.',
  ),
  INVITE_SAME_NETWORK_CAP: setting(
    integer(0, 1000),
    '2',
    'Most invites an inviter can gather from new users who share a network with them (either signed in from an IP the other used); beyond it code 60008. 0 = no invites between users of one network. See docs/rewards.md.',
  ),
  ADS_EVERY_N_EPISODES: setting(
    integer(0, 1000),
    '3',
    'Viewers without VIP see a house ad before every Nth distinct episode they start in a day; 0 = no interstitial ads.',
  ),
  AD_REWARD: setting(integer(1, 100_000), '10', 'Coins for watching one rewarded ad.'),
  AD_REWARD_DAILY_CAP: setting(
    integer(0, 1000),
    '5',
    'Most rewarded ads paid per viewer and day (code 40703 beyond); 0 = no rewarded ads.',
  ),
});

/** The schema plus the rules that span several variables. */
export const checkedEnvSchema = envSchema.superRefine((env, ctx) =>
  crossFieldIssues(env, (variable, message) => ctx.addIssue({ code: 'custom', path: [variable], message })),
);

/** The variables as parsed, before they are shaped into the server's config. */
export type EnvValues = z.output<typeof envSchema>;

export interface ConfigIssue {
  variable: string;
  message: string;
}

/** Rules that involve several variables; each issue names the variable to fix. */
function crossFieldIssues(e: EnvValues, report: (variable: string, message: string) => void): void {
  for (const [id, secret] of CREDENTIAL_PAIRS) {
    if (e[id] !== undefined && e[secret] === undefined) {
      report(secret, `must be set when ${id} is set`);
    } else if (e[id] === undefined && e[secret] !== undefined) {
      report(id, `must be set when ${secret} is set`);
    }
  }
  // A generated key would differ per machine behind a load balancer, and a lost key turns every
  // stored code and deleted-phone hash into noise: production must set one on purpose.
  if (e.NODE_ENV === 'production' && e.AUTH_SECRET === undefined) {
    report('AUTH_SECRET', 'is required when NODE_ENV=production');
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    report(
      e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  }
  // Stand-ins receive viewers' notifications: never in production.
  if (e.NODE_ENV === 'production' && e.WEB_PUSH_EXTRA_ORIGINS !== undefined) {
    report('WEB_PUSH_EXTRA_ORIGINS', 'must be unset when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.WEB_PUSH_CA_FILE !== undefined) {
    report('WEB_PUSH_CA_FILE', 'must be unset when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.APNS_HOST !== undefined) {
    report('APNS_HOST', 'must be unset when NODE_ENV=production');
  }
  const apns = [e.APNS_KEY_FILE, e.APNS_KEY_ID, e.APNS_TEAM_ID];
  if (apns.some((value) => value !== undefined) && apns.some((value) => value === undefined)) {
    report('APNS_KEY_FILE', 'APNS_KEY_FILE, APNS_KEY_ID and APNS_TEAM_ID go together');
  }
  // A shifted clock pays tomorrow's check-in today: a testing aid, never a production setting.
  if (e.NODE_ENV === 'production' && e.CLOCK_OFFSET_S !== 0) {
    report('CLOCK_OFFSET_S', 'must be 0 when NODE_ENV=production');
  }
  // The worker takes its jobs from a queue in PostgreSQL; embedded mode has no such queue.
  if (e.JOB_RUNNER === 'worker' && e.DATABASE_URL === undefined) {
    report('JOB_RUNNER', 'worker needs DATABASE_URL');
  }
  // Demo dramas in a real catalogue would be sold to real viewers.
  if (e.NODE_ENV === 'production' && e.DEMO_CATALOG === true) {
    report('DEMO_CATALOG', 'must not be true when NODE_ENV=production');
  }
  // Xcode and LocalTesting transactions are signed by Xcode, not Apple: the verifier skips the
  // signature, so trusting them in production would credit anything a client sends.
  if (e.NODE_ENV === 'production' && (e.APPLE_ENVIRONMENT === 'Xcode' || e.APPLE_ENVIRONMENT === 'LocalTesting')) {
    report('APPLE_ENVIRONMENT', 'must be Sandbox or Production when NODE_ENV=production');
  }
  if (e.APPLE_BUNDLE_ID !== undefined && e.APPLE_ENVIRONMENT === 'Production' && e.APPLE_APP_APPLE_ID === undefined) {
    report('APPLE_APP_APPLE_ID', 'is required when APPLE_ENVIRONMENT=Production');
  }
  if (e.SMS_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
      if (e[name] === undefined) report(name, 'is required when SMS_PROVIDER=twilio');
    }
    if (e.TWILIO_FROM === undefined && e.TWILIO_MESSAGING_SERVICE_SID === undefined) {
      report('TWILIO_FROM', 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio');
    }
  }
  if (e.MEDIA_STORAGE === 's3') {
    for (const name of MEDIA_S3_REQUIRED) {
      if (e[name] === undefined) report(name, 'is required when MEDIA_STORAGE=s3');
    }
  }
  for (const name of MEDIA_CDN_REQUIRED[e.MEDIA_CDN_PURGE]) {
    if (e[name] === undefined) report(name, `is required when MEDIA_CDN_PURGE=${e.MEDIA_CDN_PURGE}`);
  }
  // The Worker caches under `https://<host>/media/…`: the purge names the same host and path.
  if (e.MEDIA_CDN_PURGE === 'cloudflare' && !/^https?:\/\//.test(e.MEDIA_BASE_URL)) {
    report('MEDIA_BASE_URL', 'must be the CDN URL (https://<media host>/media) when MEDIA_CDN_PURGE=cloudflare');
  }
  if (e.HTTP_HEADERS_TIMEOUT_S > e.HTTP_REQUEST_TIMEOUT_S) {
    report('HTTP_HEADERS_TIMEOUT_S', 'must not exceed HTTP_REQUEST_TIMEOUT_S');
  }
  if (e.REFRESH_TOKEN_TTL_S <= e.ACCESS_TOKEN_TTL_S) {
    report('REFRESH_TOKEN_TTL_S', 'must be longer than ACCESS_TOKEN_TTL_S');
  }
}
