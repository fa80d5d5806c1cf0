import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { episodeLockedSchema, insufficientCoinsSchema, userInfoSchema } from './endpoints/index.js';
import { parseEpisodeLocked, parseInsufficientCoins, parseUserInfo } from './guards.js';

const userInfo = {
  uid: 7,
  avatar: '/a.png',
  nickname: 'Ada',
  username: null,
  coin: 12,
  vip: { active: false, expires_at: null },
  invite_code: 'ABC123',
  phone_masked: '+90 ••• 12',
  has_password: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const episodeLocked = {
  drama_id: 1,
  episode_id: 2,
  episode_number: 3,
  prices: { episode: 5, all: 20, locked_count: 4 },
  coin: 0,
  signed_in: false,
};
const insufficientCoins = { shortfall: 3, balance: 2, cost: 5 };

/** The sample, each field broken in several ways, a field missing, extra keys, and non-objects. */
function variants(sample: Record<string, unknown>): unknown[] {
  const broken = [null, undefined, 'x', 1.5, -1, 0, true, [], {}, Number.MAX_SAFE_INTEGER + 2];
  const out: unknown[] = [sample, { ...sample, extra: 1 }, null, [], 'x', 1];
  for (const key of Object.keys(sample)) {
    const { [key]: _dropped, ...without } = sample;
    out.push(without);
    for (const value of broken) out.push({ ...sample, [key]: value });
    const inner = sample[key];
    if (inner && typeof inner === 'object') {
      for (const innerKey of Object.keys(inner)) {
        for (const value of broken) out.push({ ...sample, [key]: { ...inner, [innerKey]: value } });
      }
    }
  }
  return out;
}

function agree(schema: z.ZodType, guard: (value: unknown) => unknown, sample: Record<string, unknown>) {
  for (const value of variants(sample)) {
    const parsed = schema.safeParse(value);
    expect(guard(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : null);
  }
}

describe('zod-free guards answer as their schemas do', () => {
  it('user info', () => agree(userInfoSchema, parseUserInfo, userInfo));
  it('episode locked', () => agree(episodeLockedSchema, parseEpisodeLocked, episodeLocked));
  it('insufficient coins', () => agree(insufficientCoinsSchema, parseInsufficientCoins, insufficientCoins));
});
