import type { EpisodeSummary } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { dramaOffer } from './drama-offer';

const episode = (number: number, free: boolean, locked: boolean): EpisodeSummary => ({
  id: 100 + number,
  number,
  title: `Episode ${number}`,
  duration_s: 60,
  free,
  locked,
  price: free ? 0 : 30,
});
const visitor = { signed_in: false, vip: false, coin: 0 };

describe('dramaOffer', () => {
  it('prices what is still locked, as the answer says, and tells whether VIP would cover it', () => {
    const episodes = [episode(1, true, false), episode(2, false, true), episode(3, false, true)];
    expect(
      dramaOffer({ episodes, prices: { episode: 30, all: 50, locked_count: 2 }, viewer: visitor, vip_covers: true }),
    ).toEqual({ kind: 'priced', episode: 30, all: 50, lockedCount: 2, vipCovers: true });
  });

  it('says free when no episode is paid, VIP for a VIP viewer, owned when all are unlocked', () => {
    const prices = { episode: 30, all: 0, locked_count: 0 };
    expect(dramaOffer({ episodes: [episode(1, true, false)], prices, viewer: visitor, vip_covers: true })).toEqual({
      kind: 'free',
    });
    const paid = [episode(1, true, false), episode(2, false, false)];
    const vip = { signed_in: true, vip: true, coin: 0 };
    expect(dramaOffer({ episodes: paid, prices, viewer: vip, vip_covers: true })).toEqual({ kind: 'vip' });
    const buyer = { signed_in: true, vip: false, coin: 3 };
    expect(dramaOffer({ episodes: paid, prices, viewer: buyer, vip_covers: true })).toEqual({ kind: 'owned' });
  });
});
