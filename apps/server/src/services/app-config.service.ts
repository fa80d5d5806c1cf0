import {
  APP_VERSION,
  APP_VERSION_CODE,
  CURRENCY,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  DEFAULT_REWARD_CONSTANTS,
  type AppConfig,
} from '@cliffhanger/contract';
import type { ServerConfig } from '../config.js';
import { isOAuthProviderEnabled, type OAuthCredentialSettings } from './oauth/oauth-providers.js';

type Settings = OAuthCredentialSettings &
  Pick<
    ServerConfig,
    | 'appId'
    | 'appName'
    | 'supportEmail'
    | 'iosAppUrl'
    | 'mediaBaseUrl'
    | 'passwordLoginEnabled'
    | 'stripe'
    | 'appleBundleId'
    | 'rewards'
    | 'coinCheckinValidityDays'
  >;

/**
 * What the client needs before it renders anything (`GET /app/config`). The answer depends only
 * on configuration, so it is computed once. A sign-in method or payment channel is offered only
 * when it is configured: the client never shows a button that cannot work.
 */
export class AppConfigService {
  private readonly appConfig: AppConfig;

  constructor(settings: Settings, compilerVersion: string) {
    this.appConfig = {
      app_id: settings.appId,
      name: settings.appName,
      version: APP_VERSION,
      version_code: APP_VERSION_CODE,
      compiler_version: compilerVersion,
      languages: [...LANGUAGES],
      default_language: DEFAULT_LANGUAGE,
      sign_in_methods: {
        sms: true,
        password: settings.passwordLoginEnabled,
        google: isOAuthProviderEnabled(settings, 'google'),
        facebook: isOAuthProviderEnabled(settings, 'facebook'),
        tiktok: isOAuthProviderEnabled(settings, 'tiktok'),
      },
      payment_channels: {
        stripe: settings.stripe !== undefined,
        apple: settings.appleBundleId !== undefined,
      },
      currency: CURRENCY,
      // The amounts the server really pays (configurable); the invite limit and window and the
      // cycle's length stay fixed (docs/product.md#business-constants).
      rewards: {
        ...DEFAULT_REWARD_CONSTANTS,
        daily_checkin: settings.rewards.checkinRewards[0] ?? DEFAULT_REWARD_CONSTANTS.daily_checkin,
        watch_video: settings.rewards.watchVideoReward,
        share_app: settings.rewards.shareAppReward,
        invite_friend: settings.rewards.inviteReward,
        checkin_validity_days: settings.coinCheckinValidityDays,
      },
      support_email: settings.supportEmail,
      ios_app_url: settings.iosAppUrl ?? null,
      media_base_url: settings.mediaBaseUrl,
    };
  }

  getAppConfig(): AppConfig {
    return this.appConfig;
  }
}
