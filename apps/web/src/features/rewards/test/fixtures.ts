import type { CheckinDay, NextAd, Task, TaskKey, TasksOverview } from '@cliffhanger/contract/browser';

/** A 7-day strip: days before `today` done, `today` as given, the rest ahead. */
export function strip(today: number, checkedIn: boolean, reward = 10): CheckinDay[] {
  return Array.from({ length: 7 }, (_, index) => {
    const day = index + 1;
    const state: CheckinDay['state'] =
      day < today || (day === today && checkedIn) ? 'done' : day === today ? 'today' : 'ahead';
    return { day, reward: reward + index, state };
  });
}

const REWARDS: Record<TaskKey, number> = { watch_video: 5, share_app: 20, invite_friends: 50 };

export function task(key: TaskKey, overrides: Partial<Task> = {}): Task {
  return {
    key,
    period: key === 'invite_friends' ? 'lifetime' : 'day',
    reward: REWARDS[key],
    progress: 0,
    target: key === 'watch_video' ? 10 : key === 'share_app' ? 1 : 10,
    claimable: 0,
    claimable_coins: 0,
    claimed: 0,
    state: 'todo',
    ...overrides,
  };
}

export function overview(overrides: Partial<TasksOverview> = {}): TasksOverview {
  return {
    signed_in: true,
    today: '2026-11-21',
    checkin: { day: 1, checked_in_today: true, strip: strip(1, true) },
    tasks: [task('watch_video'), task('share_app'), task('invite_friends')],
    balance: 100,
    anything_claimable: false,
    ...overrides,
  };
}

export function rewardedAd(overrides: Partial<NextAd> = {}): NextAd {
  return {
    ad: {
      id: 'ad-1',
      kind: 'house',
      placement: 'rewarded',
      drama_id: 3,
      title: 'Moonlit Vows',
      poster: '/media/3/poster.jpg',
      playlist_url: '/media/3/promo/master.m3u8',
      skippable_after_s: 0,
      token: 'tok-1',
      reward: 10,
    },
    rewarded_today: 1,
    rewarded_daily_cap: 5,
    ...overrides,
  };
}
