import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';

export const signInMethodsSchema = z.object({
  sms: z.boolean(),
  password: z.boolean(),
  google: z.boolean(),
  facebook: z.boolean(),
  tiktok: z.boolean(),
});

export const paymentChannelsSchema = z.object({ stripe: z.boolean(), apple: z.boolean() });

export const rewardConstantsSchema = z.object({
  daily_checkin: z.number().int(),
  watch_video: z.number().int(),
  share_app: z.number().int(),
  invite_friend: z.number().int(),
  max_invites: z.number().int(),
  invite_window_days: z.number().int(),
  checkin_validity_days: z.number().int(),
  checkin_cycle_days: z.number().int(),
});

export type RewardConstants = z.infer<typeof rewardConstantsSchema>;


/** App configuration (docs/product.md#entities-and-fields) plus what the client needs to render the right options. */
export const appConfigSchema = z.object({
  app_id: z.string(),
  name: z.string(),
  version: z.string(),
  version_code: z.number().int(),
  compiler_version: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  default_language: z.enum(LANGUAGES),
  sign_in_methods: signInMethodsSchema,
  payment_channels: paymentChannelsSchema,
  currency: z.literal('USD'),
  rewards: rewardConstantsSchema,
  support_email: z.string(),
  /** The App Store page; null until the operator configures one (IOS_APP_URL). */
  ios_app_url: z.string().nullable(),
  media_base_url: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const getAppConfig = defineEndpoint({
  method: 'GET',
  path: '/app/config',
  auth: 'none',
  summary: 'App identity, version, enabled sign-in methods and payment channels, reward constants',
  data: appConfigSchema,
});
