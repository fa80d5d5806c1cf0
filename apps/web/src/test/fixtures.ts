import type { UserInfo } from '@cliffhanger/contract';

/** A signed-in viewer as the contract describes one. */
export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    uid: 7,
    avatar: '',
    nickname: 'Ada',
    username: 'ada',
    coin: 120,
    vip: { active: false, expires_at: null },
    invite_code: 'ADA7K2',
    phone_masked: '+90 ••• ••• 12 34',
    has_password: false,
    created_at: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}
