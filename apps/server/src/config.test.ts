import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDocs, renderConfigTable, renderEnvExample } from './config-docs.js';
import { ConfigError, loadConfig } from './config.js';
import { checkedEnvSchema, envSchema } from './env-schema.js';
import { repoRoot, serverRoot } from './paths.js';

/** Prettier pads Markdown tables; compare cell contents, not alignment. */
function normaliseTable(markdown: string): string[][] {
  return markdown
    .trim()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/^-+$/, '---')),
    );
}

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('boots with working defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'info',
      databaseUrl: undefined,
      dataDir: join(repoRoot, 'data'),
      redisUrl: undefined,
      appName: 'Cliffhanger',
      appId: 'com.cliffhanger.app',
      supportEmail: 'support@cliffhanger.app',
      iosAppUrl: undefined,
      mediaBaseUrl: '/media',
      mediaS3: undefined,
      webDistDir: join(repoRoot, 'apps/web/dist'),
      publicBaseUrl: 'http://localhost:8080',
      passwordLoginEnabled: true,
      googleClientId: undefined,
      facebookClientId: undefined,
      tiktokClientKey: undefined,
      stripe: undefined,
      appleBundleId: undefined,
      apple: undefined,
      trustProxy: false,
      corsOrigins: ['capacitor://localhost'],
      bodyLimitBytes: 1_048_576,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      DATA_DIR: '/var/lib/cliffhanger',
      REDIS_URL: 'redis://cache:6379',
      APP_NAME: 'Other',
      APP_ID: 'com.example.other',
      SUPPORT_EMAIL: 'help@example.com',
      IOS_APP_URL: 'https://apps.apple.com/app/other/id123',
      MEDIA_BASE_URL: 'https://cdn.example.com/media',
      WEB_DIST_DIR: '/srv/web',
      PUBLIC_BASE_URL: 'https://example.com',
      PASSWORD_LOGIN_ENABLED: 'false',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
      TIKTOK_CLIENT_KEY: 't',
      TIKTOK_CLIENT_SECRET: 'ts',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      APPLE_BUNDLE_ID: 'com.example.other',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'capacitor://localhost, HTTPS://App.Example.com:8443',
      BODY_LIMIT_BYTES: '2048',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      logLevel: 'silent',
      databaseUrl: 'postgres://u:p@db:5432/app',
      dataDir: '/var/lib/cliffhanger',
      redisUrl: 'redis://cache:6379',
      appName: 'Other',
      mediaBaseUrl: 'https://cdn.example.com/media',
      webDistDir: '/srv/web',
      passwordLoginEnabled: false,
      googleClientId: 'g',
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:12111' },
      trustProxy: true,
      corsOrigins: ['capacitor://localhost', 'https://app.example.com:8443'],
      bodyLimitBytes: 2048,
    });
  });

  it('resolves relative paths against the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/data', WEB_DIST_DIR: './web' });
    expect(config.dataDir).toBe(join(repoRoot, 'var/data'));
    expect(config.webDistDir).toBe(join(repoRoot, 'web'));
    expect(join(serverRoot, '../..')).toBe(repoRoot);
  });

  it('serves the console on the main listener unless CONSOLE_PORT is set, then on CONSOLE_HOST', () => {
    expect(loadConfig({})).toMatchObject({
      consoleDistDir: join(repoRoot, 'apps/console/dist'),
      consolePort: undefined,
      consoleHost: '127.0.0.1',
    });
    expect(loadConfig({ CONSOLE_PORT: '' }).consolePort).toBeUndefined();
    expect(
      loadConfig({ CONSOLE_PORT: '9090', CONSOLE_HOST: '10.0.0.5', CONSOLE_DIST_DIR: '/srv/console' }),
    ).toMatchObject({
      consolePort: 9090,
      consoleHost: '10.0.0.5',
      consoleDistDir: '/srv/console',
    });
    expect(configErrorOf({ CONSOLE_PORT: '70000' }).issues).toEqual([
      { variable: 'CONSOLE_PORT', message: 'must be at most 65535' },
    ]);
  });

  it('keeps memory:// as the in-memory database marker', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it('treats an empty value as unset', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: '', PORT: ' ', DATABASE_URL: '' });
    expect(config.googleClientId).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['APP_ID', 'cliffhanger'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['IOS_APP_URL', 'http://apps.apple.com/app/x'],
    ['MEDIA_BASE_URL', 'media'],
    ['MEDIA_STORAGE', 'ftp'],
    ['MEDIA_S3_ENDPOINT', 'minio:9000'],
    ['MEDIA_S3_REGION', 'US East'],
    ['MEDIA_S3_BUCKET', 'Bad_Bucket'],
    ['MEDIA_S3_PREFIX', '../escape'],
    ['MEDIA_S3_PREFIX', '/absolute'],
    ['MEDIA_S3_FORCE_PATH_STYLE', 'yes'],
    ['PUBLIC_BASE_URL', 'localhost:8080'],
    ['PASSWORD_LOGIN_ENABLED', 'ture'],
    ['TRUST_PROXY', 'yes'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'capacitor://localhost,*'],
    ['CORS_ORIGINS', 'https://app.example.com/'],
    ['CORS_ORIGINS', 'localhost:8080'],
    ['BODY_LIMIT_BYTES', '10'],
    ['NODE_ENV', 'prod'],
    ['AUTH_SECRET', 'too-short'],
    ['ACCESS_TOKEN_TTL_S', '0'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['TWILIO_ACCOUNT_SID', 'not-a-sid'],
    ['TWILIO_MESSAGING_SERVICE_SID', 'AC123'],
    ['TWILIO_API_BASE', 'ftp://twilio'],
    ['SMS_CODE_TTL_S', '10'],
    ['SMS_PHONE_HOURLY_CAP', '0'],
    ['LOGIN_HOURLY_CAP', 'ten'],
    ['AVATAR_MAX_BYTES', '1'],
    ['CONSOLE_UPLOAD_MAX_BYTES', '1000'],
    ['CONSOLE_UPLOAD_MAX_BYTES', '2GB'],
  ])('rejects %s=%s and names the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.issues.map((issue) => issue.variable)).toEqual([name]);
    expect(error.message).toContain(name);
  });

  it('has working account defaults', () => {
    expect(loadConfig({})).toMatchObject({
      nodeEnv: 'development',
      authSecret: undefined,
      accessTokenTtlS: 7200,
      refreshTokenTtlS: 2_592_000,
      sms: { provider: 'console' },
      smsCodeTtlS: 600,
      smsResendS: 60,
      smsPhoneHourlyCap: 5,
      smsIpHourlyCap: 20,
      loginHourlyCap: 10,
      avatarMaxBytes: 5_242_880,
      consoleUploadMaxBytes: 2_147_483_648,
    });
  });

  it('reads a complete Twilio setup and prefers the messaging service', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_MESSAGING_SERVICE_SID: 'MG0123456789abcdef',
      TWILIO_API_BASE: 'http://127.0.0.1:9999/',
    });
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123456789abcdef',
      authToken: 'token',
      from: undefined,
      messagingServiceSid: 'MG0123456789abcdef',
      apiBase: 'http://127.0.0.1:9999',
    });
  });

  it('refuses SMS_PROVIDER=twilio without SID, token and a sender, naming each', () => {
    const error = configErrorOf({ SMS_PROVIDER: 'twilio' });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
    ]);
    expect(
      configErrorOf({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: 't' }).issues,
    ).toEqual([{ variable: 'TWILIO_FROM', message: expect.stringContaining('TWILIO_MESSAGING_SERVICE_SID') }]);
  });

  it('reads a complete S3 media setup, path style by default', () => {
    const config = loadConfig({
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: 'http://minio:9000/',
      MEDIA_S3_BUCKET: 'cliffhanger-media',
      MEDIA_S3_ACCESS_KEY_ID: 'AKID',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_S3_PREFIX: 'media/prod/',
    });
    expect(config.mediaS3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'cliffhanger-media',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      prefix: 'media/prod',
      forcePathStyle: true,
    });
    expect(Object.isFrozen(config.mediaS3)).toBe(true);
    expect(
      loadConfig({
        MEDIA_STORAGE: 's3',
        MEDIA_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
        MEDIA_S3_REGION: 'eu-west-1',
        MEDIA_S3_BUCKET: 'media',
        MEDIA_S3_ACCESS_KEY_ID: 'AKID',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_FORCE_PATH_STYLE: 'false',
      }).mediaS3,
    ).toMatchObject({ region: 'eu-west-1', prefix: '', forcePathStyle: false });
  });

  it('refuses MEDIA_STORAGE=s3 without endpoint, bucket, key id and secret, naming each', () => {
    expect(configErrorOf({ MEDIA_STORAGE: 's3' }).issues).toEqual(
      ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'].map(
        (variable) => ({
          variable,
          message: 'is required when MEDIA_STORAGE=s3',
        }),
      ),
    );
    const partial = configErrorOf({
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: 'http://minio:9000',
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ACCESS_KEY_ID: 'AKID',
    });
    expect(partial.issues.map((issue) => issue.variable)).toEqual(['MEDIA_S3_SECRET_ACCESS_KEY']);
  });

  it('names what each MEDIA_CDN_PURGE provider needs, and shapes its settings', () => {
    expect(loadConfig({}).mediaCdnPurge).toEqual({ provider: 'none' });
    expect(configErrorOf({ MEDIA_CDN_PURGE: 'cloudfront' }).issues).toEqual([
      { variable: 'MEDIA_CDN_CLOUDFRONT_DISTRIBUTION_ID', message: 'is required when MEDIA_CDN_PURGE=cloudfront' },
    ]);
    expect(configErrorOf({ MEDIA_CDN_PURGE: 'fastly', MEDIA_CDN_FASTLY_SERVICE_ID: 'SU1Z0isxPaozGV' }).issues).toEqual([
      { variable: 'MEDIA_CDN_FASTLY_API_TOKEN', message: 'is required when MEDIA_CDN_PURGE=fastly' },
    ]);
    // The Worker's cache key names the media host: a path-only MEDIA_BASE_URL cannot be purged.
    expect(
      configErrorOf({
        MEDIA_CDN_PURGE: 'cloudflare',
        MEDIA_CDN_CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
        MEDIA_CDN_CLOUDFLARE_API_TOKEN: 'token',
      }).issues,
    ).toEqual([
      {
        variable: 'MEDIA_BASE_URL',
        message: 'must be the CDN URL (https://<media host>/media) when MEDIA_CDN_PURGE=cloudflare',
      },
    ]);
    expect(configErrorOf({ MEDIA_CDN_PURGE: 'akamai' }).issues.map((issue) => issue.variable)).toEqual([
      'MEDIA_CDN_PURGE',
    ]);
    expect(configErrorOf({ MEDIA_CDN_CLOUDFLARE_ZONE_ID: 'zone' }).issues.map((issue) => issue.variable)).toEqual([
      'MEDIA_CDN_CLOUDFLARE_ZONE_ID',
    ]);
    expect(
      loadConfig({
        MEDIA_CDN_PURGE: 'cloudflare',
        MEDIA_BASE_URL: 'https://media.example.com/media',
        MEDIA_CDN_CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
        MEDIA_CDN_CLOUDFLARE_API_TOKEN: 'token',
        MEDIA_CDN_CLOUDFLARE_API_BASE: 'http://127.0.0.1:9/',
      }).mediaCdnPurge,
    ).toEqual({
      provider: 'cloudflare',
      zoneId: '023e105f4ecef8ad9ca31a8372d0c353',
      apiToken: 'token',
      apiBase: 'http://127.0.0.1:9',
      mediaBaseUrl: 'https://media.example.com/media',
    });
    expect(
      loadConfig({ MEDIA_CDN_PURGE: 'cloudfront', MEDIA_CDN_CLOUDFRONT_DISTRIBUTION_ID: 'E2QWRUHEXAMPLE' })
        .mediaCdnPurge,
    ).toEqual({ provider: 'cloudfront', distributionId: 'E2QWRUHEXAMPLE', endpoint: undefined });
  });

  it('ignores MEDIA_S3_* while MEDIA_STORAGE=local', () => {
    expect(loadConfig({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'AKID' }).mediaS3).toBeUndefined();
  });

  it('refuses to boot in production without AUTH_SECRET', () => {
    expect(configErrorOf({ NODE_ENV: 'production' }).issues).toEqual([
      { variable: 'AUTH_SECRET', message: 'is required when NODE_ENV=production' },
    ]);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).authSecret).toBe('x'.repeat(32));
  });

  it('shifts the clock only outside production (CLOCK_OFFSET_S)', () => {
    expect(loadConfig({ CLOCK_OFFSET_S: '86400' }).clockOffsetS).toBe(86_400);
    expect(loadConfig({}).clockOffsetS).toBe(0);
    expect(configErrorOf({ CLOCK_OFFSET_S: '1.5' }).issues[0]?.variable).toBe('CLOCK_OFFSET_S');
    expect(configErrorOf({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), CLOCK_OFFSET_S: '60' }).issues).toEqual(
      [{ variable: 'CLOCK_OFFSET_S', message: 'must be 0 when NODE_ENV=production' }],
    );
  });

  it('loads the demo catalogue by default only outside production, and refuses it in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).demoCatalog).toBe(true);
    expect(loadConfig({ DEMO_CATALOG: 'false' }).demoCatalog).toBe(false);
    expect(loadConfig(production).demoCatalog).toBe(false);
    expect(loadConfig({ ...production, DEMO_CATALOG: 'false' }).demoCatalog).toBe(false);
    expect(configErrorOf({ ...production, DEMO_CATALOG: 'true' }).issues).toEqual([
      { variable: 'DEMO_CATALOG', message: 'must not be true when NODE_ENV=production' },
    ]);
  });

  it('runs background jobs in process unless a worker takes them, which needs PostgreSQL', () => {
    expect(loadConfig({}).jobRunner).toBe('in-process');
    expect(loadConfig({ JOB_RUNNER: 'worker', DATABASE_URL: 'postgres://db/app' }).jobRunner).toBe('worker');
    expect(configErrorOf({ JOB_RUNNER: 'worker' }).issues).toEqual([
      { variable: 'JOB_RUNNER', message: 'worker needs DATABASE_URL' },
    ]);
    expect(configErrorOf({ JOB_RUNNER: 'cron' }).issues[0]?.variable).toBe('JOB_RUNNER');
  });

  it("gives the worker's /metrics a port of its own, 0 for a free one", () => {
    expect(loadConfig({}).workerMetricsPort).toBe(9464);
    expect(loadConfig({ WORKER_METRICS_PORT: '0' }).workerMetricsPort).toBe(0);
    expect(configErrorOf({ WORKER_METRICS_PORT: '65536' }).issues[0]?.variable).toBe('WORKER_METRICS_PORT');
    expect(configErrorOf({ WORKER_METRICS_PORT: 'metrics' }).issues[0]?.variable).toBe('WORKER_METRICS_PORT');
  });

  it('takes Stripe only with both its key and its webhook secret, and checks their shapes', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(configErrorOf({ STRIPE_SECRET_KEY: 'sk_test_abc' }).issues).toEqual([
      { variable: 'STRIPE_WEBHOOK_SECRET', message: 'must be set when STRIPE_SECRET_KEY is set' },
    ]);
    expect(configErrorOf({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).issues).toEqual([
      { variable: 'STRIPE_SECRET_KEY', message: 'must be set when STRIPE_WEBHOOK_SECRET is set' },
    ]);
    expect(
      configErrorOf({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).issues[0]?.variable,
    ).toBe('STRIPE_SECRET_KEY');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      apiBase: 'https://api.stripe.com',
    });
  });

  it('verifies App Store data only with a bundle id; Production needs the app Apple id; Xcode never in production', () => {
    expect(loadConfig({}).apple).toBeUndefined();
    expect(loadConfig({ APPLE_BUNDLE_ID: 'app.cliffhanger' }).apple).toEqual({
      bundleId: 'app.cliffhanger',
      environment: 'Sandbox',
      appAppleId: undefined,
      rootCertsDir: join(repoRoot, 'apps/server/certs/apple'),
      onlineChecks: true,
    });
    expect(configErrorOf({ APPLE_BUNDLE_ID: 'app.cliffhanger', APPLE_ENVIRONMENT: 'Production' }).issues).toEqual([
      { variable: 'APPLE_APP_APPLE_ID', message: 'is required when APPLE_ENVIRONMENT=Production' },
    ]);
    expect(
      loadConfig({ APPLE_BUNDLE_ID: 'a', APPLE_ENVIRONMENT: 'Production', APPLE_APP_APPLE_ID: '1234567890' }).apple
        ?.appAppleId,
    ).toBe(1_234_567_890);
    expect(configErrorOf({ APPLE_ENVIRONMENT: 'Staging' }).issues[0]?.variable).toBe('APPLE_ENVIRONMENT');
    expect(
      configErrorOf({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), APPLE_ENVIRONMENT: 'Xcode' }).issues,
    ).toEqual([{ variable: 'APPLE_ENVIRONMENT', message: 'must be Sandbox or Production when NODE_ENV=production' }]);
  });

  it('refuses a refresh token that would not outlive the access token', () => {
    expect(configErrorOf({ ACCESS_TOKEN_TTL_S: '7200', REFRESH_TOKEN_TTL_S: '3600' }).issues[0]?.variable).toBe(
      'REFRESH_TOKEN_TTL_S',
    );
  });

  it('names every bad variable at once', () => {
    const error = configErrorOf({ PORT: '-1', LOG_LEVEL: 'loud', REDIS_URL: 'http://x', APP_NAME: 'ok' });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual(['LOG_LEVEL', 'PORT', 'REDIS_URL']);
    expect(error.message).toMatch(/PORT: .+\n.*LOG_LEVEL: .+\n.*REDIS_URL: /s);
  });
});

describe('configDocs', () => {
  it('documents every variable of the schema, and nothing else', () => {
    expect(configDocs.map((doc) => doc.name).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('states the defaults the schema really applies', () => {
    const defaults = checkedEnvSchema.parse({});
    for (const doc of configDocs) {
      const applied = (defaults as Record<string, unknown>)[doc.name];
      if (doc.default === undefined) {
        expect(applied, doc.name).toBeUndefined();
      } else {
        expect(checkedEnvSchema.parse({ [doc.name]: doc.default }), doc.name).toEqual(defaults);
        expect(applied, doc.name).toBeDefined();
      }
    }
  });

  it('matches the table in the root README.md (regenerate: npm run docs:config -w apps/server)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const table = /<!-- config-table:start -->([\s\S]*?)<!-- config-table:end -->/.exec(readme)?.[1];
    expect(table).toBeDefined();
    expect(normaliseTable(table ?? '')).toEqual(normaliseTable(renderConfigTable()));
  });

  it('matches .env.example (regenerate: npm run docs:config -w apps/server)', () => {
    expect(readFileSync(join(repoRoot, '.env.example'), 'utf8')).toBe(renderEnvExample());
  });
});
