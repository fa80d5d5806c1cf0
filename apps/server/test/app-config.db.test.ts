import { appConfigSchema, Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('GET /api/v1/app/config with default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the exact app configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      code: Code.OK,
      message: 'OK',
      data: {
        app_id: 'com.cliffhanger.app',
        name: 'Cliffhanger',
        version: '1.2.11',
        version_code: 194,
        compiler_version: expect.stringMatching(/^5\.\d+\.\d+/),
        languages: ['zh', 'en', 'tr'],
        default_language: 'en',
        sign_in_methods: { sms: true, password: true, google: false, facebook: false, tiktok: false },
        payment_channels: { stripe: false, apple: false },
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
        support_email: 'support@cliffhanger.app',
        ios_app_url: null,
        media_base_url: '/media',
      },
    });
    expect(appConfigSchema.strict().safeParse(body.data).success).toBe(true);
  });

  it('reports the TypeScript version the project is built with', async () => {
    const { version } = (await import('typescript/package.json', { with: { type: 'json' } })).default as {
      version: string;
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(res.json().data.compiler_version).toBe(version);
  });
});

describe('GET /api/v1/app/config with providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        APP_NAME: 'Other Name',
        APP_ID: 'com.example.other',
        SUPPORT_EMAIL: 'help@example.com',
        IOS_APP_URL: 'https://apps.apple.com/app/other/id42',
        MEDIA_BASE_URL: 'https://cdn.example.com/m',
        PASSWORD_LOGIN_ENABLED: 'false',
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        TIKTOK_CLIENT_KEY: 'tiktok-key',
        TIKTOK_CLIENT_SECRET: 'tiktok-secret',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_test123',
        CHECKIN_REWARDS: '15,15,15,15,15,15,30',
        WATCH_VIDEO_REWARD: '6',
        SHARE_APP_REWARD: '25',
        INVITE_REWARD: '60',
        COIN_CHECKIN_VALIDITY_DAYS: '8',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers exactly the configured sign-in methods and payment channels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    const data = res.json().data;
    expect(data.sign_in_methods).toEqual({ sms: true, password: false, google: true, facebook: false, tiktok: true });
    expect(data.payment_channels).toEqual({ stripe: true, apple: false });
    expect(data).toMatchObject({
      name: 'Other Name',
      app_id: 'com.example.other',
      support_email: 'help@example.com',
      ios_app_url: 'https://apps.apple.com/app/other/id42',
      media_base_url: 'https://cdn.example.com/m',
    });
    // The reward texts quote what the server really pays.
    expect(data.rewards).toMatchObject({
      daily_checkin: 15,
      watch_video: 6,
      share_app: 25,
      invite_friend: 60,
      checkin_validity_days: 8,
      max_invites: 10,
      invite_window_days: 3,
    });
    // Secrets configure the server; they never travel to clients.
    expect(res.body).not.toContain('sk_test_123');
    expect(res.body).not.toContain('google-secret');
    expect(res.body).not.toContain('tiktok-secret');
  });
});
