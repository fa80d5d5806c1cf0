import type { DramaDetail } from '@cliffhanger/contract/browser';

/**
 * What a drama costs this viewer, from the page's own answer (the server prices it with the
 * wallet's rules: docs/architecture.md#catalogue-and-unlocking), so the facts never disagree with the unlock.
 */
export type DramaOffer =
  /** Every episode is free for everybody. */
  | { kind: 'free' }
  /** The viewer is VIP and VIP opens every paid episode. */
  | { kind: 'vip' }
  /** Nothing left to buy: the viewer holds every paid episode. */
  | { kind: 'owned' }
  /** Episodes still locked, at these prices; `vipCovers` says VIP would open them instead. */
  | { kind: 'priced'; episode: number; all: number; lockedCount: number; vipCovers: boolean };

type OfferFacts = Pick<DramaDetail, 'episodes' | 'prices' | 'viewer' | 'vip_covers'>;

export function dramaOffer({ episodes, prices, viewer, vip_covers }: OfferFacts): DramaOffer {
  if (episodes.every((episode) => episode.free)) return { kind: 'free' };
  if (prices.locked_count === 0) return viewer.vip && vip_covers ? { kind: 'vip' } : { kind: 'owned' };
  return {
    kind: 'priced',
    episode: prices.episode,
    all: prices.all,
    lockedCount: prices.locked_count,
    vipCovers: vip_covers,
  };
}
