import { createHash, randomUUID } from 'node:crypto';

/**
 * Every idempotency key the ledger stores (wallet_entries, vip_entries), built here and nowhere
 * else. A key is unique per user in the database: the same event always builds the same key, so
 * a retried request or a replayed webhook finds its first entry instead of paying twice. A format
 * must never change once entries carry it (events recorded under the old one would pay again):
 * add a new builder instead. ledger-keys.test.ts pins every format.
 */
export const ledgerKeys = {
  /** One check-in a day, `day` in the rewards calendar (YYYY-MM-DD). */
  checkin: (day: string) => `checkin:${day}`,
  /** One claim of a task per period and step of progress. */
  taskClaim: (task: string, period: string, progress: number) => `task:${task}:${period}:${progress}`,
  /** One reward per rewarded-ad token (its hash). */
  adReward: (tokenHash: string) => `ad:${tokenHash}`,
  /** The invitee's welcome coins, once per account. */
  inviteeWelcome: () => 'invite:welcome',
  /** An unlock retried with the client's own idempotency key (docs/wallet.md#idempotency-keys). */
  unlockClient: (clientKey: string) => `unlock:client:${clientKey}`,
  /** A single episode is bought once. */
  unlockEpisode: (episodeId: number) => `unlock:episode:${episodeId}`,
  /**
   * "All remaining" is keyed by the exact set it buys: buying the episodes published later is a
   * new purchase, a retry of the same one is not.
   */
  unlockDrama: (dramaId: number, episodeIds: readonly number[]) => {
    const set = createHash('sha256')
      .update([...episodeIds].sort((a, b) => a - b).join(','))
      .digest('hex');
    return `unlock:drama:${dramaId}:${set.slice(0, 32)}`;
  },
  /** The expiry of one coin lot. */
  lotExpiry: (lotId: number) => `expiry:lot:${lotId}`,
  /** An operator's giveaway (CLI): its own id, else a fresh one (never a repeat). */
  giveaway: (id: string = randomUUID()) => `cli:giveaway:${id}`,
  /** Coins support adds or takes away in the console, under the key the console made for that one action. */
  supportCoins: (consoleKey: string) => `support:coins:${consoleKey}`,
  /** VIP days support grants in the console, likewise. */
  supportVip: (consoleKey: string) => `support:vip:${consoleKey}`,
  /** An operator's VIP grant (CLI): each one is new. */
  vipGrant: () => `grant:${randomUUID()}`,
  /** The coins of a paid order (a pack). */
  orderCredit: (orderPublicId: string) => `order:${orderPublicId}`,
  /** A provider's payment, as the VIP it buys and the key its refund or end refers to. */
  stripePayment: (invoiceId: string) => `stripe:${invoiceId}`,
  applePayment: (transactionId: string) => `apple:${transactionId}`,
  /** An App Store subscription (its original transaction id), as its end refers to it. */
  appleSubscription: (originalTransactionId: string) => `apple:${originalTransactionId}`,
  /** The VIP time a payment bought, and its reversal. */
  vipPayment: (paymentKey: string) => `vip:${paymentKey}`,
  vipReversal: (paymentKey: string) => `vip-reversal:${paymentKey}`,
  /** The end of a subscription's unused time. */
  subscriptionEnd: (subscriptionKey: string) => `subscription-end:${subscriptionKey}`,
  /** A refund of a pack's coins: Stripe refunds in steps, each step its own key. */
  stripeRefund: (chargeId: string, amountRefunded: number) => `stripe:refund:${chargeId}:${amountRefunded}`,
  stripeDispute: (disputeId: string) => `stripe:dispute:${disputeId}`,
  appleRefund: (transactionId: string) => `apple:refund:${transactionId}`,
} as const;
