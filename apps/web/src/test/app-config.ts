import type { AppConfig } from '@cliffhanger/contract/browser';

export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    app_id: 'cliffhanger',
    name: 'Cliffhanger',
    version: '1.2.11',
    version_code: 194,
    compiler_version: 'test',
    languages: ['zh', 'en', 'tr'],
    default_language: 'en',
    sign_in_methods: { sms: true, password: true, google: true, facebook: false, tiktok: true },
    payment_channels: { stripe: true, apple: false },
    currency: 'USD',
    rewards: {
      daily_checkin: 10,
      watch_video: 5,
      share_app: 20,
      invite_friend: 50,
      max_invites: 10,
      invite_window_days: 3,
      checkin_validity_days: 7,
      checkin_cycle_days: 7,
    },
    support_email: 'help@cliffhanger.test',
    ios_app_url: 'https://apps.apple.com/app/id1',
    media_base_url: '/media',
    ...overrides,
  };
}

/** A fetch that answers GET /api/v1/app/config with `config` and Code.NOT_FOUND for anything else. */
export function configFetch(config: AppConfig = testAppConfig()): typeof fetch {
  return (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = url.endsWith('/api/v1/app/config')
      ? { code: 200, message: 'OK', data: config }
      : { code: 10002, message: 'not found', data: null };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  };
}
