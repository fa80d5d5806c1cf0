import { z } from 'zod';
import { inputString } from '../text.js';
import { defineEndpoint } from '../endpoint.js';
import { INVITE_CODE_MAX_LENGTH } from '../values.js';

/**
 * Rewards (docs/rewards.md): the daily check-in on a 7-day cycle, tasks with claim buttons,
 * invites, house ads and rewarded ads. The server owns "today" (a configured time zone) and every
 * amount: no request body carries a date or an amount, and the bodies are strict, so a client
 * that sends one is refused (Code.INVALID_INPUT).
 */

/**
 * No body (or `{}`): anything else, e.g. a date, an amount or a day, is refused with Code.INVALID_INPUT. The
 * server sees a missing body as null, hence `nullish`; the typed client may leave it out.
 */
export const emptyBodySchema = z
  .strictObject({})
  .nullish()
  .transform(() => undefined) as unknown as z.ZodType<undefined, Record<string, never> | undefined>;

// ─── Check-in ────────────────────────────────────────────────────────────────────────────────

/**
 * `done`: checked in on that day of the current cycle (today's day too, once checked in);
 * `today`: today's day, not checked in yet; `ahead`: later days of the cycle.
 */
export const CHECKIN_DAY_STATES = ['done', 'today', 'ahead'] as const;

export const checkinDaySchema = z.object({
  /** 1..7 */
  day: z.number().int().min(1),
  /** Coins that day pays. */
  reward: z.number().int().nonnegative(),
  state: z.enum(CHECKIN_DAY_STATES),
});
export type CheckinDay = z.infer<typeof checkinDaySchema>;

/** Always the whole cycle, day 1 first. */
export const checkinStripSchema = z.array(checkinDaySchema);

export const checkinResultSchema = z.object({
  /** The cycle day this check-in counted as (1..7). */
  day: z.number().int().min(1),
  /** Coins credited for it. */
  reward: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  strip: checkinStripSchema,
  /** When these check-in coins expire (null when check-in coins never expire). */
  expires_at: z.string().nullable(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/**
 * A fixed call (docs/product.md#api-calls): sent silently at app launch; the client ignores the answer and
 * every error. The first call of the server's day credits that day's reward (Code.OK); any later call the
 * same day answers Code.ALREADY_DONE_TODAY with the same data (nothing credited).
 */
export const postTaskCheckin = defineEndpoint({
  method: 'POST',
  path: '/task/checkin',
  auth: 'required',
  summary: 'Daily check-in (silent, at app launch); 40702 when already checked in today',
  body: emptyBodySchema,
  data: checkinResultSchema,
});

// ─── Tasks ──────────────────────────────────────────────────────────────────────────────────

export const TASK_KEYS = ['watch_video', 'share_app', 'invite_friends'] as const;
export type TaskKey = (typeof TASK_KEYS)[number];

/**
 * `todo`: nothing to claim now and more can still be done; `claimable`: `claimable` > 0;
 * `claimed`: everything this period allows has been claimed.
 */
export const TASK_STATES = ['todo', 'claimable', 'claimed'] as const;

/** `day`: progress restarts each server day (watch video, share app); `lifetime`: never (invites). */
export const TASK_PERIODS = ['day', 'lifetime'] as const;
export type TaskPeriod = (typeof TASK_PERIODS)[number];

export const taskSchema = z.object({
  key: z.enum(TASK_KEYS),
  period: z.enum(TASK_PERIODS),
  /** Coins per unit: per counted video, per share day, per successful invite. */
  reward: z.number().int().nonnegative(),
  /** Units done in this period, at most `target`. */
  progress: z.number().int().nonnegative(),
  /** The cap of units this period (videos a day, 1 share a day, 10 invites ever). */
  target: z.number().int().positive(),
  /** Units done but not yet paid. */
  claimable: z.number().int().nonnegative(),
  /** `claimable × reward`: what the claim button pays now. */
  claimable_coins: z.number().int().nonnegative(),
  /** Units already paid in this period. */
  claimed: z.number().int().nonnegative(),
  state: z.enum(TASK_STATES),
});
export type Task = z.infer<typeof taskSchema>;

export const tasksOverviewSchema = z.object({
  /** false for a visitor: the view of a brand-new account (the page asks to log in on actions). */
  signed_in: z.boolean(),
  /** The server's date (YYYY-MM-DD in its configured time zone); informative only. */
  today: z.string(),
  checkin: z.object({
    /** The cycle day today counts as (1..7). */
    day: z.number().int().min(1),
    checked_in_today: z.boolean(),
    strip: checkinStripSchema,
  }),
  tasks: z.array(taskSchema),
  balance: z.number().int().nonnegative(),
  /** Some task can be claimed now (drives the Rewards tab badge). */
  anything_claimable: z.boolean(),
});
export type TasksOverview = z.infer<typeof tasksOverviewSchema>;

export const getTasks = defineEndpoint({
  method: 'GET',
  path: '/task',
  auth: 'optional',
  summary: 'Rewards page: check-in strip, tasks with progress and claim state, balance',
  data: tasksOverviewSchema,
});

export const taskKeyParamsSchema = z.object({ key: z.enum(TASK_KEYS) });

export const claimResultSchema = z.object({
  key: z.enum(TASK_KEYS),
  /** Units paid by this request (0 for a repeat, Code.ALREADY_OWNED). */
  units: z.number().int().nonnegative(),
  /** Coins credited by this request (0 for a repeat, Code.ALREADY_OWNED). */
  coins: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  task: taskSchema,
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

/**
 * Pays every claimable unit of the task once. Nothing claimable but something already paid this
 * period → Code.ALREADY_OWNED (coins 0); nothing done at all → Code.TASK_NOT_COMPLETED.
 */
export const claimTask = defineEndpoint({
  method: 'POST',
  path: '/task/:key/claim',
  auth: 'required',
  summary: 'Claim a task reward (10019 when already claimed, 40701 when not done)',
  params: taskKeyParamsSchema,
  body: emptyBodySchema,
  data: claimResultSchema,
});

// ─── Invites ────────────────────────────────────────────────────────────────────────────────

export const inviteRecordSchema = z.object({
  nickname: z.string(),
  avatar: z.string(),
  /** When the invitee entered the code. */
  joined_at: z.string(),
  /** Coins the inviter earns for this invite (through the invite_friends task). */
  reward: z.number().int().nonnegative(),
});
export type InviteRecord = z.infer<typeof inviteRecordSchema>;

export const inviteRulesSchema = z.object({
  /** The code must be entered within this many days of registering. */
  window_days: z.number().int().positive(),
  /** Successful invites counted per inviter. */
  max_invites: z.number().int().positive(),
  /** Coins for the inviter per successful invite (claimed through the invite_friends task). */
  inviter_reward: z.number().int().nonnegative(),
  /** Welcome coins the invitee receives at once. */
  invitee_reward: z.number().int().nonnegative(),
});

export const inviteOverviewSchema = z.object({
  invite_code: z.string(),
  /** Successful invites (at most `rules.max_invites`). */
  invited_count: z.number().int().nonnegative(),
  /** Coins earned from invites so far (paid or claimable). */
  earned: z.number().int().nonnegative(),
  /** Newest first. */
  records: z.array(inviteRecordSchema),
  /** Who invited the viewer, once a code was entered. */
  inviter: z.object({ nickname: z.string() }).nullable(),
  /** The viewer may still enter a code (new user, inside the window, no inviter yet). */
  can_enter_code: z.boolean(),
  /** End of the viewer's window to enter a code (null when entering is no longer possible). */
  enter_code_until: z.string().nullable(),
  rules: inviteRulesSchema,
});
export type InviteOverview = z.infer<typeof inviteOverviewSchema>;

export const getInvite = defineEndpoint({
  method: 'GET',
  path: '/invite',
  auth: 'required',
  summary: 'Own invite code, invite record, counts and rules',
  data: inviteOverviewSchema,
});

/** Codes are case-insensitive; the server upper-cases them. */
export const inviteCodeParamsSchema = z.object({
  invite_code: inputString()
    .trim()
    .min(1)
    .max(INVITE_CODE_MAX_LENGTH)
    .transform((code) => code.toUpperCase()),
});

export const enterInviteResultSchema = z.object({
  inviter_nickname: z.string(),
  /** Welcome coins credited to the invitee. */
  reward: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});
export type EnterInviteResult = z.infer<typeof enterInviteResultSchema>;

/**
 * A fixed call (docs/product.md#api-calls). The body may repeat the code ("payload including
 * invite_code"); the path is what counts. Refusals: Code.INVITE_CODE_INVALID, INVITE_OWN_CODE,
 * INVITE_WINDOW_PASSED, INVITE_INVITER_LIMIT, INVITE_NOT_NEW_USER, INVITE_ALREADY_INVITED,
 * INVITE_RECIPROCAL, INVITE_SAME_NETWORK (docs/rewards.md#invites-get-invite-put-inviteinvite_code).
 */
export const putInvite = defineEndpoint({
  method: 'PUT',
  path: '/invite/:invite_code',
  auth: 'required',
  summary: 'Enter an invite code (new users, within 3 days of registering)',
  params: inviteCodeParamsSchema,
  body: z.strictObject({ invite_code: inputString().max(64).optional() }).nullish(),
  data: enterInviteResultSchema,
});

// ─── Ads ────────────────────────────────────────────────────────────────────────────────────

/** `interstitial`: a house ad before an episode; `rewarded`: an ad watched for coins. */
export const AD_PLACEMENTS = ['interstitial', 'rewarded'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const adSchema = z.object({
  id: z.string(),
  /** The ad source: `house` = a promo clip of one of our dramas. */
  kind: z.literal('house'),
  placement: z.enum(AD_PLACEMENTS),
  /** The promoted drama (a tap on the ad may open it). */
  drama_id: z.number().int(),
  title: z.string(),
  poster: z.string(),
  /** Signed HLS playlist of the clip. */
  playlist_url: z.string(),
  /** The skip button appears after this many seconds. */
  skippable_after_s: z.number().int().nonnegative(),
  /** Rewarded ads only: the one-time token for POST /ads/reward; null for an interstitial. */
  token: z.string().nullable(),
  /** Rewarded ads only: coins POST /ads/reward credits; null for an interstitial. */
  reward: z.number().int().nonnegative().nullable(),
});
export type Ad = z.infer<typeof adSchema>;

export const nextAdQuerySchema = z.object({
  /** Which placement is asked for (the answer's `ad.kind` is the source, e.g. `house`). */
  kind: z.enum(AD_PLACEMENTS).default('interstitial'),
  /** Interstitial: the episode about to start (the ad interval counts episode starts). */
  episode_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type NextAdQuery = z.infer<typeof nextAdQuerySchema>;

export const nextAdSchema = z.object({
  /** null: no ad now (VIP, signed out for rewarded, not this episode, daily cap reached, no clip). */
  ad: adSchema.nullable(),
  /** Rewarded ads credited today and the daily cap (0/0 for VIP). */
  rewarded_today: z.number().int().nonnegative(),
  rewarded_daily_cap: z.number().int().nonnegative(),
});
export type NextAd = z.infer<typeof nextAdSchema>;

/**
 * Visitors and non-VIP viewers: an interstitial before every Nth distinct episode started today
 * (configuration), or a rewarded ad with a one-time token (signed in, under the daily cap).
 * VIP members always get `ad: null`.
 */
export const getNextAd = defineEndpoint({
  method: 'GET',
  path: '/ads/next',
  auth: 'optional',
  summary: 'The next ad for this viewer: interstitial before an episode, or a rewarded ad (null for VIP)',
  query: nextAdQuerySchema,
  data: nextAdSchema,
});

export const adRewardBodySchema = z.strictObject({
  token: inputString().min(1).max(128),
});

export const adRewardResultSchema = z.object({
  /** Coins credited by this request (0 for a repeat of the same token, Code.ALREADY_OWNED). */
  coins: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  rewarded_today: z.number().int().nonnegative(),
  rewarded_daily_cap: z.number().int().nonnegative(),
});
export type AdRewardResult = z.infer<typeof adRewardResultSchema>;

/**
 * Credits the reward of a rewarded ad this server served to this viewer. The same token again →
 * Code.ALREADY_OWNED (coins 0); unknown, expired or another viewer's token → Code.AD_NOT_SERVED; past the
 * daily cap → Code.AD_REWARD_DAILY_CAP; VIP members → Code.FORBIDDEN.
 */
export const postAdReward = defineEndpoint({
  method: 'POST',
  path: '/ads/reward',
  auth: 'required',
  summary: 'Claim the coins of a watched rewarded ad (daily cap)',
  body: adRewardBodySchema,
  data: adRewardResultSchema,
});

export const SHARE_TARGETS = ['app', 'episode'] as const;
export const SHARE_CHANNELS = ['web_share', 'copy_link', 'native'] as const;

export const shareBodySchema = z.object({
  target: z.enum(SHARE_TARGETS).default('app'),
  episode_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  channel: z.enum(SHARE_CHANNELS),
});

/**
 * `POST /task/share`, a fixed call (docs/product.md#api-calls): records a share, from which the share task
 * counts (`GET /task`).
 */
export const postTaskShare = defineEndpoint({
  method: 'POST',
  path: '/task/share',
  auth: 'required',
  summary: 'Record a share of the app or an episode',
  body: shareBodySchema,
  data: z.object({ recorded: z.literal(true), shares_today: z.number().int() }),
});
