/** Product constants (docs/product.md#business-constants). */
export const APP_VERSION = '1.2.11';
export const APP_VERSION_CODE = 194;
export const API_PREFIX = '/api/v1';

export const LANGUAGES = ['zh', 'en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 2_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const INPUT_MAX_LENGTH = 140;
export const CURRENCY = 'USD';

export const SIDEBAR_MIN_WIDTH = 768;
export const MOBILE_MAX_WIDTH = 960;
/** From this width on, the sidebar takes its wide form (docs/product.md#layout-and-breakpoints). */
export const WIDE_SIDEBAR_MIN_WIDTH = 1200;
export const SIDEBAR_NARROW_WIDTH = 120;
export const SIDEBAR_WIDE_WIDTH = 240;

/** Reward constants (coins; docs/product.md#business-constants). */
export const REWARDS = {
  dailyCheckin: 10,
  watchVideo: 5,
  shareApp: 20,
  inviteFriend: 50,
  maxInvites: 10,
  inviteWindowDays: 3,
  checkinValidityDays: 7,
  checkinCycleDays: 7,
} as const;

/** In-app-purchase status codes (docs/product.md#in-app-purchase-status-codes). */
export const IAP_STATUS = { purchasing: 0, purchased: 1, failed: 2, restored: 3, deferred: 4 } as const;
