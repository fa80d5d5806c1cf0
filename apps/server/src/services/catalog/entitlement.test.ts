import { describe, expect, it } from 'vitest';
import {
  episodePrice,
  isEpisodePlayable,
  isFreeEpisode,
  isVipActive,
  lockedEpisodes,
  unlockPrices,
  VISITOR_ENTITLEMENT,
} from './entitlement.js';

const drama = { freeEpisodes: 2, episodePrice: 30, allPrice: 100 };
const episodes = [1, 2, 3, 4, 5, 6].map((number) => ({ id: 100 + number, number }));

describe('isVipActive', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('is active only while the expiry is in the future', () => {
    expect(isVipActive(null, now)).toBe(false);
    expect(isVipActive(new Date('2026-11-21T10:00:01Z'), now)).toBe(true);
    expect(isVipActive(new Date('2026-11-21T10:00:00Z'), now)).toBe(false);
    expect(isVipActive(new Date('2025-01-01T00:00:00Z'), now)).toBe(false);
  });
});

describe('free episodes and prices', () => {
  it('episodes 1..free_episodes are free and cost nothing', () => {
    expect(isFreeEpisode(2, drama)).toBe(true);
    expect(isFreeEpisode(3, drama)).toBe(false);
    expect(isFreeEpisode(1, { freeEpisodes: 0 })).toBe(false);
    expect(episodePrice(2, drama)).toBe(0);
    expect(episodePrice(3, drama)).toBe(30);
  });
});

describe('isEpisodePlayable', () => {
  const paid = { id: 103, number: 3 };
  it('a visitor plays free episodes only', () => {
    expect(isEpisodePlayable({ id: 101, number: 1 }, drama, VISITOR_ENTITLEMENT)).toBe(true);
    expect(isEpisodePlayable(paid, drama, VISITOR_ENTITLEMENT)).toBe(false);
  });
  it('an unlock opens exactly that episode', () => {
    const viewer = { vip: false, unlockedEpisodeIds: new Set([103]) };
    expect(isEpisodePlayable(paid, drama, viewer)).toBe(true);
    expect(isEpisodePlayable({ id: 104, number: 4 }, drama, viewer)).toBe(false);
  });
  it('VIP plays everything', () => {
    expect(isEpisodePlayable(paid, drama, { vip: true, unlockedEpisodeIds: new Set() })).toBe(true);
  });
});

describe('unlockPrices', () => {
  it('charges the bundle price when it is cheaper than the locked episodes one by one', () => {
    const locked = lockedEpisodes(episodes, drama, VISITOR_ENTITLEMENT);
    expect(locked.map((e) => e.number)).toEqual([3, 4, 5, 6]);
    expect(unlockPrices(drama, locked.length)).toEqual({ episode: 30, locked_count: 4, all: 100 });
  });
  it('never charges more for "all" than the remaining episodes cost one by one', () => {
    const viewer = { vip: false, unlockedEpisodeIds: new Set([103, 104, 105]) };
    const locked = lockedEpisodes(episodes, drama, viewer);
    expect(unlockPrices(drama, locked.length)).toEqual({ episode: 30, locked_count: 1, all: 30 });
  });
  it('nothing to pay when nothing is locked (VIP, or all unlocked)', () => {
    expect(lockedEpisodes(episodes, drama, { vip: true, unlockedEpisodeIds: new Set() })).toEqual([]);
    expect(unlockPrices(drama, 0)).toEqual({ episode: 30, locked_count: 0, all: 0 });
  });
});
