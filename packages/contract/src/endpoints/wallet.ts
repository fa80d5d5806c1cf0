import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LANGUAGES, MAX_PAGE_SIZE } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { WALLET_GROUPS, WALLET_KINDS, WALLET_TABS, type WALLET_KIND_GROUPS, type WalletKind } from '../values.js';

/** Income entries add coins (amount > 0), expense entries take them (amount < 0). */
export const walletKindSchema = z.enum(WALLET_KINDS as [WalletKind, ...WalletKind[]]);

/**
 * What an unlock entry bought, named for people: the drama's title in the asked language and the
 * episode number (null when the entry unlocked every remaining episode).
 */
export const walletSubjectSchema = z.object({
  drama_id: z.number().int(),
  drama_title: z.string(),
  episode_number: z.number().int().positive().nullable(),
});
export type WalletSubject = z.infer<typeof walletSubjectSchema>;

/** One ledger entry as the wallet page lists it. */
export const walletEntrySchema = z.object({
  id: z.number().int(),
  kind: walletKindSchema,
  group: z.enum(WALLET_GROUPS),
  /** Signed: positive for income, negative for expense. */
  amount: z.number().int(),
  /** The balance right after this entry. */
  balance_after: z.number().int().nonnegative(),
  created_at: z.string(),
  /** For a credit whose coins expire (e.g. check-in rewards): when they do. */
  expires_at: z.string().nullable(),
  /** What caused the entry, e.g. `episode:12`, `drama:3:all`; null when nothing to point at. */
  ref: z.string().nullable(),
  /** The drama (and episode) an unlock paid for; null for every other entry or a removed drama. */
  subject: walletSubjectSchema.nullable(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** Coins that will expire at one moment (what the wallet shows as "expires when"). */
export const expiringCoinsSchema = z.object({
  amount: z.number().int().positive(),
  expires_at: z.string(),
});
export type ExpiringCoins = z.infer<typeof expiringCoinsSchema>;

/**
 * `cursor` is opaque: pass back the `next_cursor` of the previous page. Pages are keyed by entry,
 * not by offset, so entries that arrive while the viewer scrolls neither repeat nor vanish.
 */
export const walletQuerySchema = z.object({
  type: z.enum(WALLET_TABS).default('all'),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a next_cursor from a previous page' })
    .optional(),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Language of the drama titles in `subject` (falls back to English). */
  lang: z.enum(LANGUAGES).optional(),
});
export type WalletQuery = z.infer<typeof walletQuerySchema>;

export const walletPageSchema = z.object({
  /** Newest first. */
  list: z.array(walletEntrySchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
  balance: z.number().int().nonnegative(),
  /** Coins that will expire, soonest first (coins that never expire are not listed). */
  expiring: z.array(expiringCoinsSchema),
});
export type WalletPage = z.infer<typeof walletPageSchema>;

export const getWallet = defineEndpoint({
  method: 'GET',
  path: '/wallet',
  auth: 'required',
  summary: 'Wallet: balance, coins that will expire, ledger entries newest first (tabs all, income, expense)',
  query: walletQuerySchema,
  data: walletPageSchema,
});

const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * `{episode_id}` unlocks one episode; `{drama_id, all: true}` every episode of the drama still
 * locked for this viewer, at the all-episodes price. In an "all" request `episode_id` may name the
 * episode the dialog was opened on; it must belong to that drama.
 *
 * The server derives the ledger's idempotency key from the target (`unlock:episode:12`), so a
 * repeat is harmless without any key. `idempotency_key` is for a client that retries an "all"
 * after a lost answer and must not buy episodes published in between: a retry with the same key
 * replays (Code.ALREADY_OWNED), the same key for another target is refused (Code.IDEMPOTENCY_KEY_REUSED).
 */
export const unlockBodySchema = z
  .strictObject({
    episode_id: idSchema.optional(),
    drama_id: idSchema.optional(),
    all: z.literal(true).optional(),
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8-64 letters, digits, _ or -' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.all === true && body.drama_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['drama_id'], message: 'is required with all: true' });
    }
    if (body.all !== true && body.episode_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['episode_id'], message: 'is required (or drama_id with all: true)' });
    }
  });
export type UnlockBody = z.infer<typeof unlockBodySchema>;

export const unlockResultSchema = z.object({
  /** Episodes this request made playable (empty for a repeat, Code.ALREADY_OWNED). */
  unlocked_episode_ids: z.array(z.number().int()),
  /** Coins this request took (0 for a repeat, a free episode or a VIP member). */
  cost: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});
export type UnlockResult = z.infer<typeof unlockResultSchema>;

/** `data` of Code.INSUFFICIENT_COINS. */
export const insufficientCoinsSchema = z.object({
  shortfall: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
  cost: z.number().int().positive(),
});
export type InsufficientCoins = z.infer<typeof insufficientCoinsSchema>;

export const postUnlock = defineEndpoint({
  method: 'POST',
  path: '/unlock',
  auth: 'required',
  summary: 'Unlock one episode, or all locked episodes of a drama, with coins (10019 when already owned)',
  body: unlockBodySchema,
  data: unlockResultSchema,
});

/** Kinds that add coins (credits) and kinds that take them (debits). */
export type WalletIncomeKind = {
  [K in WalletKind]: (typeof WALLET_KIND_GROUPS)[K] extends 'income' ? K : never;
}[WalletKind];
export type WalletExpenseKind = Exclude<WalletKind, WalletIncomeKind>;
