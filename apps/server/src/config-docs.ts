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
      'Local data directory (PGlite database, later local media). Relative to the repository root; `memory://` keeps the database in memory.',
  },
  {
    name: 'REDIS_URL',
    default: undefined,
    description:
      'Redis URL (redis:// or rediss://) for shared rate limits and cache invalidation. Unset: in-process equivalents.',
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
    default: 'https://apps.apple.com/app/cliffhanger/id0000000000',
    description: 'App Store page of the iOS app (download page). Set the real id before release.',
  },
  {
    name: 'MEDIA_BASE_URL',
    default: '/media',
    description: 'Where clients fetch media: a path on this server or a CDN URL.',
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
  { name: 'GOOGLE_CLIENT_ID', default: undefined, description: 'Google OAuth client id. Set: Google sign-in enabled.' },
  { name: 'FACEBOOK_CLIENT_ID', default: undefined, description: 'Facebook app id. Set: Facebook sign-in enabled.' },
  { name: 'TIKTOK_CLIENT_KEY', default: undefined, description: 'TikTok client key. Set: TikTok sign-in enabled.' },
  {
    name: 'STRIPE_SECRET_KEY',
    default: undefined,
    description: 'Stripe secret key. Set: card payments (Stripe) enabled.',
  },
  { name: 'APPLE_BUNDLE_ID', default: undefined, description: 'iOS bundle id. Set: Apple in-app purchase enabled.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Trust X-Forwarded-* headers (true only behind a reverse proxy you control).',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    default: '1048576',
    description: 'Largest accepted request body in bytes; larger bodies get code 10004 (HTTP 413).',
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
