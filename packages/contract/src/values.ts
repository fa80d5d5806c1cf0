/**
 * Values of the contract that need no schema library: what the browser may import (through
 * `@cliffhanger/contract/browser`) without pulling zod into its bundle. The endpoint schemas
 * build on these; index.ts re-exports them for the server.
 */
import { INPUT_MAX_LENGTH, REWARDS } from './constants.js';
import type { RewardConstants } from './endpoints/app.js';

export const OAUTH_PROVIDERS = ['google', 'facebook', 'tiktok'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * Who starts a provider sign-in (`GET /auth/oauth/{provider}/url?client=…`), which decides how
 * its state is bound to it (login CSRF defence): `web`, a browser, gets the binder as an HttpOnly
 * cookie; `app`, the iOS shell, gets it in the answer and sends it back in the callback body,
 * because the provider's redirect ends in Safari, which shares no cookie with the app's web view.
 */
export const OAUTH_CLIENTS = ['web', 'app'] as const;
export type OAuthClient = (typeof OAUTH_CLIENTS)[number];

/**
 * The mark of a state issued to the app. The server stores only the state's hash, so the mark
 * cannot be added to or removed from a state without making it unknown; the callback page reads
 * it to hand a sign-in started in the app back to the app. `.` is outside the base64url alphabet
 * of the random part, so a browser's state never starts with it by chance.
 */
export const APP_OAUTH_STATE_PREFIX = 'app.';

export function isAppOAuthState(state: string): boolean {
  return state.startsWith(APP_OAUTH_STATE_PREFIX);
}

export const DRAMA_SORTS = ['hits', 'likes', 'az'] as const;
export type DramaSort = (typeof DRAMA_SORTS)[number];

/**
 * Profile field rules, enforced on both sides from this one definition (docs/accounts.md
 * explains the choice):
 * - nickname: 1–20 characters after trimming, no control characters;
 * - username: 3–20 characters, lowercase latin letters, digits and `_`, starting with a letter;
 *   unique (case-insensitive).
 */
export const NICKNAME_MAX = 20;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Passwords: 8–72 characters (72 is bcrypt's limit). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;

/** The longest invite code PUT /invite/{invite_code} accepts. */
export const INVITE_CODE_MAX_LENGTH = 32;

/** The longest comment: comments are one input like any other. */
/** The player's speeds, slowest first; 1 is normal speed and every viewer's default. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
export const DEFAULT_PLAYBACK_RATE: PlaybackRate = 1;

export function isPlaybackRate(value: unknown): value is PlaybackRate {
  return (PLAYBACK_RATES as readonly unknown[]).includes(value);
}

export const COMMENT_MAX = INPUT_MAX_LENGTH;

/** Why a viewer reports a comment (POST /comments/{id}/report). */
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

/**
 * Coins (docs/wallet.md): the wallet ledger and unlocking episodes with coins.
 *
 * Wallet entry kinds (docs/product.md#wallet-transaction-kinds): the product's twelve plus two of the
 * system's own, `coin_expiry`, which an honest ledger needs (expired reward coins leave the balance through
 * an entry of their own), and `recharge_reversal`: purchased coins taken back because the payment was
 * refunded or disputed; and `support_credit`/`support_debit`, coins an operator adds or takes away by hand
 * with a reason (docs/console.md). The income/expense grouping of each kind is defined here and nowhere else.
 */
export const WALLET_KIND_GROUPS = {
  task_reward: 'income',
  recharge: 'income',
  consume: 'expense',
  giveaway: 'income',
  checkin_reward: 'income',
  watch_video_reward: 'income',
  ad_reward: 'income',
  share_app_reward: 'income',
  invitee_reward: 'income',
  coin_return: 'income',
  coin_freeze: 'expense',
  coin_unfreeze: 'income',
  coin_expiry: 'expense',
  recharge_reversal: 'expense',
  support_credit: 'income',
  support_debit: 'expense',
} as const satisfies Record<string, 'income' | 'expense'>;

export type WalletKind = keyof typeof WALLET_KIND_GROUPS;
export type WalletGroup = (typeof WALLET_KIND_GROUPS)[WalletKind];

export const WALLET_KINDS = Object.keys(WALLET_KIND_GROUPS) as readonly WalletKind[];
export const WALLET_GROUPS = ['income', 'expense'] as const satisfies readonly WalletGroup[];

export function walletGroupOf(kind: WalletKind): WalletGroup {
  return WALLET_KIND_GROUPS[kind];
}

/** Every kind of one group, in catalogue order. */
export function walletKindsOf(group: WalletGroup): WalletKind[] {
  return WALLET_KINDS.filter((kind) => WALLET_KIND_GROUPS[kind] === group);
}

export const WALLET_TABS = ['all', ...WALLET_GROUPS] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

/** The reward constants in their wire shape: what the server reports by default. */
export const DEFAULT_REWARD_CONSTANTS: RewardConstants = {
  daily_checkin: REWARDS.dailyCheckin,
  watch_video: REWARDS.watchVideo,
  share_app: REWARDS.shareApp,
  invite_friend: REWARDS.inviteFriend,
  max_invites: REWARDS.maxInvites,
  invite_window_days: REWARDS.inviteWindowDays,
  checkin_validity_days: REWARDS.checkinValidityDays,
  checkin_cycle_days: REWARDS.checkinCycleDays,
};
