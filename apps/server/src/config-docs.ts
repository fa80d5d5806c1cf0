/**
 * One row per environment variable of `envSchema` (config.ts). The README table is generated
 * from this list (`npm run docs:config -w apps/server`) and a test fails when the two drift.
 */
export interface ConfigDoc {
  name: string;
  /** The value used when the variable is unset, as you would write it in the environment. */
  default: string | undefined;
  description: string;
}

export const configDocs: readonly ConfigDoc[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the HTTP server listens on (0 picks a free port).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the HTTP server binds to.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    description: 'PostgreSQL URL (postgres://…). Unset: embedded PGlite in `${DATA_DIR}/db`.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Local data directory (PGlite database `db/`, local media `media/`, generated `secret.key`). Relative to the repository root; `memory://` keeps the database in memory.',
  },
  {
    name: 'REDIS_URL',
    default: undefined,
    description:
      'Redis URL (redis:// or rediss://) for shared rate limits and cache invalidation. Unset: in-process equivalents, right for one process; with DATABASE_URL set and no REDIS_URL the server logs a warning at boot and /readyz lists `rate-limits-per-process`, because N processes would allow N times each limit.',
  },
  {
    name: 'APP_NAME',
    default: 'Cliffhanger',
    description: 'Product name shown to users and used as the OpenAPI title.',
  },
  {
    name: 'APP_ID',
    default: 'com.cliffhanger.app',
    description: 'Reverse-DNS application id reported by /app/config.',
  },
  { name: 'SUPPORT_EMAIL', default: 'support@cliffhanger.app', description: 'Support address shown in the app.' },
  {
    name: 'IOS_APP_URL',
    default: undefined,
    description:
      'App Store page of the iOS app (download page). Unset: the download page shows a QR code of this web app and says the iOS app is configured by the operator.',
  },
  {
    name: 'MEDIA_BASE_URL',
    default: '/media',
    description:
      'Where clients fetch media: a path on this server or a CDN URL. For the iOS app make it absolute (e.g. `https://api.example.com/media`, this server at its public origin): the app resolves a path against its own origin, where no media is.',
  },
  {
    name: 'MEDIA_STORAGE',
    default: 'local',
    description:
      'Media storage driver: `local` keeps files in `${DATA_DIR}/media`; `s3` uses S3-compatible object storage (MEDIA_S3_*). See docs/media.md.',
  },
  {
    name: 'MEDIA_S3_ENDPOINT',
    default: undefined,
    description:
      'S3 API endpoint (http(s) URL), e.g. `https://s3.us-east-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com` or `http://minio:9000`. Required with MEDIA_STORAGE=s3.',
  },
  {
    name: 'MEDIA_S3_REGION',
    default: 'us-east-1',
    description: 'Region used in request signatures (Cloudflare R2: `auto`).',
  },
  {
    name: 'MEDIA_S3_BUCKET',
    default: undefined,
    description: 'Bucket holding the media. Required with MEDIA_STORAGE=s3.',
  },
  {
    name: 'MEDIA_S3_ACCESS_KEY_ID',
    default: undefined,
    description: 'Access key id of the S3 credentials. Required with MEDIA_STORAGE=s3.',
  },
  {
    name: 'MEDIA_S3_SECRET_ACCESS_KEY',
    default: undefined,
    description: 'Secret access key of the S3 credentials. Required with MEDIA_STORAGE=s3.',
  },
  {
    name: 'MEDIA_S3_PREFIX',
    default: undefined,
    description:
      'Key prefix inside the bucket (e.g. `media/prod`), so several environments can share one bucket. Unset: keys are the media paths.',
  },
  {
    name: 'MEDIA_S3_FORCE_PATH_STYLE',
    default: 'true',
    description:
      'Path-style URLs `${endpoint}/${bucket}/${key}` (MinIO, R2, most S3-compatible stores); false: virtual-host style `${bucket}.${endpoint host}/${key}`.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Built web app served at /. Relative to the repository root.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'http://localhost:8080',
    description: 'Public origin of this server, used in links and provider callbacks.',
  },
  { name: 'PASSWORD_LOGIN_ENABLED', default: 'true', description: 'Offer phone + password sign-in (true/false).' },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: undefined,
    description: 'Google OAuth client id. Set together with GOOGLE_CLIENT_SECRET: Google sign-in enabled.',
  },
  {
    name: 'GOOGLE_CLIENT_SECRET',
    default: undefined,
    description:
      'Google OAuth client secret; required when GOOGLE_CLIENT_ID is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/googleLogin`.',
  },
  {
    name: 'GOOGLE_AUTH_URL',
    default: 'https://accounts.google.com/o/oauth2/v2/auth',
    description: "Google's authorization endpoint (change only for a test double).",
  },
  {
    name: 'GOOGLE_TOKEN_URL',
    default: 'https://oauth2.googleapis.com/token',
    description: "Google's token endpoint (change only for a test double).",
  },
  {
    name: 'GOOGLE_USERINFO_URL',
    default: 'https://openidconnect.googleapis.com/v1/userinfo',
    description: "Google's OpenID Connect userinfo endpoint (change only for a test double).",
  },
  {
    name: 'FACEBOOK_CLIENT_ID',
    default: undefined,
    description: 'Facebook app id. Set together with FACEBOOK_CLIENT_SECRET: Facebook sign-in enabled.',
  },
  {
    name: 'FACEBOOK_CLIENT_SECRET',
    default: undefined,
    description:
      'Facebook app secret; required when FACEBOOK_CLIENT_ID is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/facebookLogin`.',
  },
  {
    name: 'FACEBOOK_AUTH_URL',
    default: 'https://www.facebook.com/v21.0/dialog/oauth',
    description: "Facebook's login dialog (change only for a test double or a Graph API version upgrade).",
  },
  {
    name: 'FACEBOOK_GRAPH_URL',
    default: 'https://graph.facebook.com/v21.0',
    description: 'Versioned Graph API root used for the token exchange and /me (same version as the dialog).',
  },
  {
    name: 'TIKTOK_CLIENT_KEY',
    default: undefined,
    description: 'TikTok client key. Set together with TIKTOK_CLIENT_SECRET: TikTok sign-in enabled.',
  },
  {
    name: 'TIKTOK_CLIENT_SECRET',
    default: undefined,
    description:
      'TikTok client secret; required when TIKTOK_CLIENT_KEY is set. Redirect URI to register: `${PUBLIC_BASE_URL}/pages/login/tiktokLogin`.',
  },
  {
    name: 'TIKTOK_AUTH_URL',
    default: 'https://www.tiktok.com/v2/auth/authorize/',
    description: "TikTok's Login Kit authorization page (change only for a test double).",
  },
  {
    name: 'TIKTOK_TOKEN_URL',
    default: 'https://open.tiktokapis.com/v2/oauth/token/',
    description: "TikTok's OAuth v2 token endpoint (change only for a test double).",
  },
  {
    name: 'TIKTOK_USERINFO_URL',
    default: 'https://open.tiktokapis.com/v2/user/info/',
    description: "TikTok's user info endpoint (change only for a test double).",
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: undefined,
    description:
      'Stripe secret key (sk_test_… or sk_live_…). Set together with STRIPE_WEBHOOK_SECRET: card payments enabled. Unset: plans and packs are listed with prices, buying answers 50002. See docs/payments.md.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: undefined,
    description:
      'Signing secret (whsec_…) of the webhook endpoint `${PUBLIC_BASE_URL}/api/v1/payments/stripe/webhook`; required with STRIPE_SECRET_KEY. Orders are fulfilled only by signature-checked webhooks.',
  },
  {
    name: 'STRIPE_API_BASE',
    default: 'https://api.stripe.com',
    description: 'Base URL of the Stripe API. Change only to point at a local double (e.g. stripe-mock on `http://127.0.0.1:12111`).',
  },
  {
    name: 'APPLE_BUNDLE_ID',
    default: undefined,
    description:
      'iOS bundle id. Set: Apple in-app purchase enabled (`/member/confirm` verifies that transactions name this bundle). See docs/payments.md.',
  },
  {
    name: 'APPLE_ENVIRONMENT',
    default: 'Sandbox',
    description:
      'App Store environment whose signed transactions and notifications are accepted: Sandbox, Production, Xcode or LocalTesting. Xcode and LocalTesting are not signed by Apple (the signature is not checked) and are refused when NODE_ENV=production.',
  },
  {
    name: 'APPLE_APP_APPLE_ID',
    default: undefined,
    description: "The app's numeric Apple id (App Store Connect → App Information); required when APPLE_ENVIRONMENT=Production.",
  },
  {
    name: 'APPLE_ROOT_CERTS_DIR',
    default: 'apps/server/certs/apple',
    description:
      "Directory of trusted root certificates (`.cer`, `.der` or `.pem`) for App Store signatures; the default holds Apple Root CA - G3. Relative to the repository root.",
  },
  {
    name: 'APPLE_ONLINE_CHECKS',
    default: 'true',
    description:
      'Check App Store certificates for revocation (OCSP) and expiry against the current time. false only for tests with a self-made chain.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Trust X-Forwarded-* headers (true only behind a reverse proxy you control).',
  },
  {
    name: 'CORS_ORIGINS',
    default: 'capacitor://localhost',
    description:
      'Origins (comma-separated `scheme://host[:port]`, no `*`) whose pages may call the API and load media from another origin (CORS: `Authorization`, GET/POST/PUT/DELETE; no cookies). The default is the iOS shell, which serves the web build from `capacitor://localhost`. Pages served by this server need nothing here. See apps/mobile/README.md.',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    default: '1048576',
    description: 'Largest accepted request body in bytes; larger bodies get code 10004 (HTTP 413).',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_S',
    default: '10',
    description:
      'Seconds a client has to send the request headers; a connection trickling them is answered 408 and closed (checked every second). At most HTTP_REQUEST_TIMEOUT_S.',
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_S',
    default: '60',
    description:
      'Seconds a client has to send a whole request, body included (an avatar upload on a slow network must fit); beyond it 408 and the connection is closed.',
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_S',
    default: '5',
    description:
      'Seconds an idle keep-alive connection stays open. Behind a load balancer, set it above the balancer\'s idle timeout (e.g. 65 for an AWS ALB\'s 60).',
  },
  {
    name: 'NODE_ENV',
    default: 'development',
    description: 'development, test or production. production refuses to boot without AUTH_SECRET.',
  },
  {
    name: 'AUTH_SECRET',
    default: undefined,
    description:
      'Key (≥ 32 characters) of the keyed hashes of SMS codes and deleted phones. Unset: generated once into `${DATA_DIR}/secret.key` (mode 0600), random per process with `memory://`. Required in production; changing it invalidates pending codes and deleted-phone records.',
  },
  { name: 'ACCESS_TOKEN_TTL_S', default: '7200', description: 'Lifetime of an access token in seconds.' },
  {
    name: 'REFRESH_TOKEN_TTL_S',
    default: '2592000',
    description: 'Lifetime of a refresh token in seconds (renewed on each rotation); must exceed ACCESS_TOKEN_TTL_S.',
  },
  {
    name: 'SMS_PROVIDER',
    default: 'console',
    description:
      '`console` logs sign-in codes at info level (local development); `twilio` sends them with the Twilio Messages API.',
  },
  {
    name: 'TWILIO_ACCOUNT_SID',
    default: undefined,
    description: 'Twilio account SID (AC…). Required with SMS_PROVIDER=twilio.',
  },
  {
    name: 'TWILIO_AUTH_TOKEN',
    default: undefined,
    description: 'Twilio auth token. Required with SMS_PROVIDER=twilio.',
  },
  {
    name: 'TWILIO_FROM',
    default: undefined,
    description:
      'Sender number (E.164) or alphanumeric sender id. This or TWILIO_MESSAGING_SERVICE_SID is required with SMS_PROVIDER=twilio.',
  },
  {
    name: 'TWILIO_MESSAGING_SERVICE_SID',
    default: undefined,
    description: 'Twilio messaging service SID (MG…); used instead of TWILIO_FROM when set.',
  },
  {
    name: 'TWILIO_API_BASE',
    default: 'https://api.twilio.com',
    description: 'Base URL of the Twilio REST API (tests point it at a local fake).',
  },
  { name: 'SMS_CODE_TTL_S', default: '600', description: 'How long an SMS sign-in code stays valid, in seconds.' },
  {
    name: 'SMS_RESEND_S',
    default: '60',
    description: 'Seconds before another code may be sent to the same phone (code 70006 with `resend_in` before that).',
  },
  {
    name: 'SMS_PHONE_HOURLY_CAP',
    default: '5',
    description: 'Most SMS codes sent to one phone per hour (code 10003 beyond).',
  },
  {
    name: 'SMS_IP_HOURLY_CAP',
    default: '20',
    description: 'Most SMS codes requested from one client IP per hour (code 10003 beyond).',
  },
  {
    name: 'SMS_PHONE_DAILY_CAP',
    default: '10',
    description:
      'Most SMS codes sent to one phone in 24 hours (code 10003 beyond). Counted in the database, so it holds across processes even without REDIS_URL.',
  },
  {
    name: 'LOGIN_HOURLY_CAP',
    default: '10',
    description: 'Most password sign-in attempts per phone and per client IP per hour (code 10003 beyond).',
  },
  {
    name: 'AVATAR_MAX_BYTES',
    default: '5242880',
    description: 'Largest accepted avatar upload in bytes (code 10004, HTTP 413 beyond).',
  },
  {
    name: 'FFMPEG_PATH',
    default: 'ffmpeg',
    description:
      'ffmpeg executable used by `npm run catalog -- import` (a name on PATH or a path). Not needed to serve, nor to load the demo catalogue.',
  },
  {
    name: 'FFPROBE_PATH',
    default: 'ffprobe',
    description: 'ffprobe executable used by the catalogue import to check source videos.',
  },
  {
    name: 'DEMO_CATALOG',
    default: 'true',
    description:
      'When the dramas table is empty at boot, import the committed demo catalogue (`apps/server/demo`: 12 dramas with real video, subtitles and posters; no ffmpeg needed). Never touches a catalogue that has dramas; set false for a production deployment that starts empty.',
  },
  {
    name: 'CLOCK_OFFSET_S',
    default: '0',
    description:
      "Seconds added to the server's clock, so day-based rules (check-in streaks, expiry, invite windows) can be tried without waiting: restart with `CLOCK_OFFSET_S=86400` and it is tomorrow. The e2e suite uses it. Refused when NODE_ENV=production.",
  },
  {
    name: 'COIN_CHECKIN_VALIDITY_DAYS',
    default: '7',
    description: 'Days check-in reward coins stay spendable before they expire (spec §9: 7). See docs/wallet.md.',
  },
  {
    name: 'COIN_REWARD_VALIDITY_DAYS',
    default: '0',
    description:
      'Days other reward coins (task, watch video, ad, share, invitee rewards and giveaways) stay spendable; 0 = they never expire. Purchased coins never expire.',
  },
  {
    name: 'COIN_EXPIRY_INTERVAL_S',
    default: '300',
    description:
      'Seconds between runs of the in-process job that expires due coin lots (a wallet is also brought up to date whenever it is read or used).',
  },
  {
    name: 'REWARDS_TIME_ZONE',
    default: 'UTC',
    description:
      'IANA time zone whose calendar day is "today" for the check-in, daily tasks and ad caps (e.g. `Europe/Istanbul`). See docs/rewards.md.',
  },
  {
    name: 'CHECKIN_REWARDS',
    default: '10,10,10,10,10,10,10',
    description:
      'Coins paid on days 1 to 7 of the check-in cycle: seven whole numbers ≥ 1, comma-separated (spec §9: 10 a day).',
  },
  {
    name: 'WATCH_VIDEO_REWARD',
    default: '5',
    description: 'Coins per counted video of the watch-video task (spec §9: 5).',
  },
  {
    name: 'WATCH_VIDEO_DAILY_CAP',
    default: '10',
    description: 'Most videos a day the watch-video task counts.',
  },
  { name: 'SHARE_APP_REWARD', default: '20', description: 'Coins of the share-app task, once a day (spec §9: 20).' },
  {
    name: 'INVITE_REWARD',
    default: '50',
    description: 'Coins per successful invite for the inviter, claimed through the invite-friends task (spec §9: 50).',
  },
  {
    name: 'INVITEE_REWARD',
    default: '20',
    description: 'Welcome coins credited at once to a new user who enters an invite code.',
  },
  {
    name: 'INVITE_SAME_NETWORK_CAP',
    default: '2',
    description:
      'Most invites an inviter can gather from new users who share a network with them (either signed in from an IP the other used); beyond it code 60008. 0 = no invites between users of one network. See docs/rewards.md.',
  },
  {
    name: 'ADS_EVERY_N_EPISODES',
    default: '3',
    description:
      'Viewers without VIP see a house ad before every Nth distinct episode they start in a day; 0 = no interstitial ads.',
  },
  { name: 'AD_REWARD', default: '10', description: 'Coins for watching one rewarded ad.' },
  {
    name: 'AD_REWARD_DAILY_CAP',
    default: '5',
    description: 'Most rewarded ads paid per viewer and day (code 40703 beyond); 0 = no rewarded ads.',
  },
];

/** The Markdown table of the README, between its `config-table` markers. */
export function renderConfigTable(docs: readonly ConfigDoc[] = configDocs): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = docs.map(
    (doc) =>
      `| \`${doc.name}\` | ${doc.default === undefined ? '(unset)' : `\`${escape(doc.default)}\``} | ${escape(doc.description)} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `.env.example`: every variable, commented out at its default, so copying it changes nothing. */
export function renderEnvExample(docs: readonly ConfigDoc[] = configDocs): string {
  const header = [
    '# Every setting of the server, at its embedded default (generated: npm run docs:config -w apps/server).',
    '# Set them in the environment (e.g. export in your shell); secrets never go into the repository.',
  ];
  const blocks = docs.map((doc) => `# ${doc.description}\n# ${doc.name}=${doc.default ?? ''}`);
  return `${[...header, '', blocks.join('\n\n')].join('\n')}\n`;
}
