import { REWARDS, type TaskKey, type TaskPeriod, type WalletIncomeKind } from '@cliffhanger/contract';
import type { RewardsConfig } from '../../config.js';

/** What a task pays and how far it goes, independent of any user. */
export interface TaskDefinition {
  key: TaskKey;
  period: TaskPeriod;
  /** Coins per unit. */
  reward: number;
  /** Units counted per period. */
  target: number;
  /** The ledger kind of its coins (docs/product.md#wallet-transaction-kinds). */
  kind: WalletIncomeKind;
}

/** The three tasks of the rewards page, in page order; amounts and caps from configuration. */
export function taskCatalog(config: RewardsConfig): readonly TaskDefinition[] {
  return [
    {
      key: 'watch_video',
      period: 'day',
      reward: config.watchVideoReward,
      target: config.watchVideoDailyCap,
      kind: 'watch_video_reward',
    },
    { key: 'share_app', period: 'day', reward: config.shareAppReward, target: 1, kind: 'share_app_reward' },
    {
      key: 'invite_friends',
      period: 'lifetime',
      reward: config.inviteReward,
      target: REWARDS.maxInvites,
      kind: 'task_reward',
    },
  ];
}
