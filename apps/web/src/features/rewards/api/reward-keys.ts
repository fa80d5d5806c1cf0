/** Query keys of the rewards feature. Whatever pays coins here invalidates `tasks` (and the wallet). */
export const rewardKeys = {
  tasks: ['tasks'] as const,
  rewardedAd: ['ads', 'rewarded'] as const,
};
