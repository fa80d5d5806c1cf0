import type { WalletIncomeKind } from '@cliffhanger/contract';
import type { ServerConfig } from '../../config.js';

const DAY_MS = 86_400_000;

export type LotPolicyConfig = Pick<ServerConfig, 'coinCheckinValidityDays' | 'coinRewardValidityDays'>;

/**
 * When the coins of a credit expire (docs/wallet.md#lots-and-expiry): purchased coins never; check-in coins
 * after COIN_CHECKIN_VALIDITY_DAYS (7 by default); other rewards after COIN_REWARD_VALIDITY_DAYS (0 = never).
 * Returned and unfrozen coins never expire: they were the user's already, and which lot they came from is not
 * tracked, so the generous choice is the safe one. Coins support adds by hand never expire either: they
 * make good a loss, and a viewer told "we added 50 coins" should not find them gone a week later.
 */
export function lotExpiryOf(kind: WalletIncomeKind, now: Date, config: LotPolicyConfig): Date | null {
  const after = (days: number) => (days > 0 ? new Date(now.getTime() + days * DAY_MS) : null);
  switch (kind) {
    case 'checkin_reward':
      return after(config.coinCheckinValidityDays);
    case 'task_reward':
    case 'watch_video_reward':
    case 'ad_reward':
    case 'share_app_reward':
    case 'invitee_reward':
    case 'giveaway':
      return after(config.coinRewardValidityDays);
    case 'recharge':
    case 'coin_return':
    case 'coin_unfreeze':
    case 'support_credit':
      return null;
  }
}
