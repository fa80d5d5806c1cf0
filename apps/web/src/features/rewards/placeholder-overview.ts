import type { AppConfig, CheckinDay, Task } from '@cliffhanger/contract/browser';

/**
 * What the page shows until GET /task answers (or when it cannot): the cycle and the tasks of a
 * brand-new account, from the reward amounts of the app config.
 */
export function placeholderOverview(rewards: AppConfig['rewards']): { strip: CheckinDay[]; tasks: Task[] } {
  const strip = Array.from({ length: rewards.checkin_cycle_days }, (_, index) => ({
    day: index + 1,
    reward: rewards.daily_checkin,
    state: index === 0 ? ('today' as const) : ('ahead' as const),
  }));
  const task = (key: Task['key'], period: Task['period'], reward: number, target: number): Task => ({
    key,
    period,
    reward,
    progress: 0,
    target,
    claimable: 0,
    claimable_coins: 0,
    claimed: 0,
    state: 'todo',
  });
  return {
    strip,
    tasks: [
      task('watch_video', 'day', rewards.watch_video, 1),
      task('share_app', 'day', rewards.share_app, 1),
      task('invite_friends', 'lifetime', rewards.invite_friend, rewards.max_invites),
    ],
  };
}
