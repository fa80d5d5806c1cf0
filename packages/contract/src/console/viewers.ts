import { z } from 'zod';
import { walletKindSchema } from '../endpoints/wallet.js';
import { inputString } from '../text.js';
import { requiredReasonSchema } from './audit-reason.js';
import { defineConsoleEndpoint, type OperatorRole } from './console-endpoint.js';

/**
 * Support's view of one viewer's account (docs/console.md#viewers): find them, read everything about
 * them, and the few changes support makes by hand: coins, VIP days, signing out their devices,
 * blocking the account. Every change is audited with the operator's reason.
 */

const VIEWERS_ACCESS = ['support'] as const;

/**
 * The most coins one adjustment may move, per role. A bigger correction is an admin's, or several
 * audited steps; a role without a cap here may not adjust at all.
 */
export const COIN_ADJUSTMENT_CAPS: Partial<Record<OperatorRole, number>> = { support: 1_000, admin: 100_000 };

export const VIP_GRANT_DAYS_MAX = 366;
export const VIEWER_LEDGER_PAGE_SIZE = 50;
/** How many of the latest items each section of a viewer's page lists. */
export const VIEWER_SECTION_LIMIT = 50;

/**
 * The console's own key for one adjustment, made when its dialog opens: a double click or a retry
 * sends it again and the ledger's unique key lets it through once.
 */
export const consoleRequestKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, "-" or "_"' });

const uid = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const viewerParams = z.object({ uid });

export const viewerSummarySchema = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  phone: z.string().nullable(),
  avatar: z.string(),
  coin: z.number().int(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  blocked_at: z.string().nullable(),
  /** How the search found them: `uid`, `phone`, `invite_code`, `order`. */
  matched_by: z.array(z.enum(['uid', 'phone', 'invite_code', 'order'])),
});
export type ViewerSummary = z.infer<typeof viewerSummarySchema>;

const sessionSchema = z.object({
  id: z.number().int(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.string(),
  /** When its tokens were last rotated by a refresh (null: never). */
  rotated_at: z.string().nullable(),
  refresh_expires_at: z.string(),
  revoked_at: z.string().nullable(),
});

const vipEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['purchase', 'renewal', 'grant', 'reversal', 'subscription_end']),
  seconds: z.number().int(),
  expires_after: z.string(),
  ref: z.string().nullable(),
  created_at: z.string(),
});

const orderSchema = z.object({
  public_id: z.string(),
  product_id: z.string(),
  kind: z.enum(['vip', 'coins']),
  channel: z.enum(['stripe', 'apple']),
  status: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});

const inviteSchema = z.object({
  uid: z.number().int(),
  nickname: z.string(),
  inviter_reward: z.number().int(),
  created_at: z.string(),
});

const rewardSchema = z.object({
  /** `checkin` or the task's key. */
  kind: z.string(),
  /** The check-in's day or the task's period. */
  period: z.string(),
  coins: z.number().int(),
  created_at: z.string(),
});

const playSchema = z.object({
  drama_id: z.number().int(),
  drama_title: z.string(),
  episode_id: z.number().int(),
  episode_number: z.number().int(),
  position_s: z.number(),
  updated_at: z.string(),
});

export const viewerDetailSchema = z.object({
  profile: z.object({
    uid: z.number().int(),
    nickname: z.string(),
    username: z.string().nullable(),
    avatar: z.string(),
    invite_code: z.string(),
    created_at: z.string(),
    deleted_at: z.string().nullable(),
    blocked_at: z.string().nullable(),
    block_reason: z.string().nullable(),
    payment_flagged_at: z.string().nullable(),
  }),
  sign_in: z.object({
    phone: z.string().nullable(),
    password_set: z.boolean(),
    identities: z.array(z.object({ provider: z.string(), created_at: z.string() })),
  }),
  sessions: z.array(sessionSchema),
  coins: z.object({
    balance: z.number().int(),
    /** Coins left per expiry moment (null: never expires), soonest first. */
    lots: z.array(z.object({ remaining: z.number().int(), expires_at: z.string().nullable() })),
  }),
  vip: z.object({ expires_at: z.string().nullable(), entries: z.array(vipEntrySchema) }),
  orders: z.array(orderSchema),
  invites: z.object({ invited_by: inviteSchema.nullable(), invited: z.array(inviteSchema) }),
  rewards: z.array(rewardSchema),
  plays: z.array(playSchema),
});
export type ViewerDetail = z.infer<typeof viewerDetailSchema>;

export const viewerLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: walletKindSchema,
  amount: z.number().int(),
  balance_after: z.number().int(),
  ref: z.string().nullable(),
  created_at: z.string(),
  /** The lot a credit made: what is left of it and when it expires (null for a debit). */
  lot: z.object({ remaining: z.number().int(), expires_at: z.string().nullable() }).nullable(),
});
export type ViewerLedgerEntry = z.infer<typeof viewerLedgerEntrySchema>;

export const consoleFindViewers = defineConsoleEndpoint({
  method: 'GET',
  path: '/viewers',
  access: VIEWERS_ACCESS,
  summary: 'Viewers matching exactly a uid, a phone number, an invite code or an order public id',
  query: z.strictObject({ q: inputString().trim().min(1, { error: 'type something to look for' }).max(64) }),
  data: z.array(viewerSummarySchema),
});

export const consoleViewer = defineConsoleEndpoint({
  method: 'GET',
  path: '/viewers/:uid',
  access: VIEWERS_ACCESS,
  summary: "A viewer's profile, sign-in methods, sessions, coins, VIP, orders, invites, rewards and recent plays",
  params: viewerParams,
  data: viewerDetailSchema,
});

export const consoleViewerLedger = defineConsoleEndpoint({
  method: 'GET',
  path: '/viewers/:uid/ledger',
  access: VIEWERS_ACCESS,
  summary: "A viewer's coin ledger newest first, each credit with its lot (keyset pages)",
  params: viewerParams,
  query: z.strictObject({
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, { error: 'must be a next_cursor from a previous page' })
      .optional(),
  }),
  data: z.object({ list: z.array(viewerLedgerEntrySchema), next_cursor: z.string().nullable() }),
});

export const consoleRevokeViewerSessions = defineConsoleEndpoint({
  method: 'POST',
  path: '/viewers/:uid/sessions/revoke',
  access: VIEWERS_ACCESS,
  summary: "Signs the viewer out on every device (the viewers' own revoke path)",
  params: viewerParams,
  body: z.strictObject({ reason: requiredReasonSchema }),
  data: z.object({ revoked: z.number().int() }),
});

export const consoleAdjustViewerCoins = defineConsoleEndpoint({
  method: 'POST',
  path: '/viewers/:uid/coins',
  access: VIEWERS_ACCESS,
  freshTotp: true,
  summary: 'Adds (support_credit, never expires) or takes away (support_debit, never below zero) coins',
  params: viewerParams,
  body: z.strictObject({
    direction: z.enum(['credit', 'debit']),
    amount: z.number().int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }),
    key: consoleRequestKeySchema,
    reason: requiredReasonSchema,
  }),
  data: z.object({
    balance: z.number().int(),
    /** The same key was sent before: this is its first answer and nothing changed now. */
    replayed: z.boolean(),
    entry: viewerLedgerEntrySchema.omit({ lot: true }),
  }),
});

export const consoleGrantViewerVip = defineConsoleEndpoint({
  method: 'POST',
  path: '/viewers/:uid/vip',
  access: VIEWERS_ACCESS,
  freshTotp: true,
  summary: 'Extends VIP by whole days from its end, or from now (a grant on the VIP ledger)',
  params: viewerParams,
  body: z.strictObject({
    days: z
      .number()
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(VIP_GRANT_DAYS_MAX, { error: `must be at most ${VIP_GRANT_DAYS_MAX}` }),
    key: consoleRequestKeySchema,
    reason: requiredReasonSchema,
  }),
  data: z.object({ expires_at: z.string(), replayed: z.boolean() }),
});

const blockState = z.object({ blocked_at: z.string().nullable(), block_reason: z.string().nullable() });

export const consoleBlockViewer = defineConsoleEndpoint({
  method: 'POST',
  path: '/viewers/:uid/block',
  access: VIEWERS_ACCESS,
  summary: 'Blocks the account: its tokens are refused (20008) until it is unblocked; nothing else changes',
  params: viewerParams,
  body: z.strictObject({ reason: requiredReasonSchema }),
  data: blockState,
});

export const consoleUnblockViewer = defineConsoleEndpoint({
  method: 'POST',
  path: '/viewers/:uid/unblock',
  access: VIEWERS_ACCESS,
  summary: 'Lifts a block: the sessions the viewer still has work again',
  params: viewerParams,
  body: z.strictObject({ reason: requiredReasonSchema }),
  data: blockState,
});
