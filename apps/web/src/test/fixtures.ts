import type { CoinPack, MemberPlan, UserInfo } from '@cliffhanger/contract/browser';

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

/** Coin packs as GET /coin/type lists them, cheapest first. */
export function testCoinPacks(): CoinPack[] {
  const pack = (id: string, coins: number, bonus: number, cents: number): CoinPack => ({
    id,
    coins,
    bonus_coins: bonus,
    price_cents: cents,
    currency: 'USD',
    apple_product_id: `com.cliffhanger.${id}`,
  });
  return [pack('coins_100', 100, 0, 99), pack('coins_500', 500, 50, 499), pack('coins_1000', 1000, 150, 999)];
}

/** VIP plans as GET /member/type lists them. */
export function testMemberPlans(): MemberPlan[] {
  const plan = (period: MemberPlan['period'], days: number, cents: number, perWeek: number): MemberPlan => ({
    id: `vip_${period}`,
    period,
    days,
    price_cents: cents,
    currency: 'USD',
    price_per_week_cents: perWeek,
    product_id: `com.cliffhanger.vip_${period}`,
  });
  return [
    plan('week', 7, 499, 499),
    plan('month', 30, 1499, 350),
    plan('quarter', 91, 3499, 269),
    plan('year', 365, 9999, 192),
  ];
}
