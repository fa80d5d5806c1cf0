import type { UnlockPrices } from '@cliffhanger/contract';
import type { DramaRow } from '../../db/catalog.schema.js';

/**
 * Who may play what (docs/architecture.md#catalogue-and-unlocking), as pure rules so the catalogue, playback
 * and the wallet's unlock decide alike: an episode is playable when it is free, unlocked by the user, or the
 * user is VIP. Prices are whole coins.
 */

export type DramaPricing = Pick<DramaRow, 'freeEpisodes' | 'episodePrice' | 'allPrice'>;

/** What the viewer holds: nothing for a visitor. */
export interface ViewerEntitlement {
  vip: boolean;
  /** Episode ids with an episode_unlocks row for this user. */
  unlockedEpisodeIds: ReadonlySet<number>;
}

export const VISITOR_ENTITLEMENT: ViewerEntitlement = { vip: false, unlockedEpisodeIds: new Set() };

/** A VIP member who unlocked nothing: what VIP alone opens, asked before a viewer buys it. */
export const VIP_ENTITLEMENT: ViewerEntitlement = { vip: true, unlockedEpisodeIds: new Set() };

/** VIP while vip_expires_at is in the future by the app clock (the same rule as GET /user). */
export function isVipActive(vipExpiresAt: Date | null, now: Date): boolean {
  return vipExpiresAt !== null && vipExpiresAt.getTime() > now.getTime();
}

/** Episodes 1..free_episodes are free for everybody. */
export function isFreeEpisode(episodeNumber: number, drama: Pick<DramaPricing, 'freeEpisodes'>): boolean {
  return episodeNumber <= drama.freeEpisodes;
}

export function isEpisodePlayable(
  episode: { id: number; number: number },
  drama: Pick<DramaPricing, 'freeEpisodes'>,
  viewer: ViewerEntitlement,
): boolean {
  return isFreeEpisode(episode.number, drama) || viewer.vip || viewer.unlockedEpisodeIds.has(episode.id);
}

/** Coins to unlock one episode alone: 0 when free. */
export function episodePrice(episodeNumber: number, drama: DramaPricing): number {
  return isFreeEpisode(episodeNumber, drama) ? 0 : drama.episodePrice;
}

/**
 * The prices shown before the tap. "All" unlocks every episode still locked for this viewer; it
 * never costs more than buying those one by one, so a viewer who already unlocked most of a
 * drama is not charged the full bundle for the last few.
 */
export function unlockPrices(drama: DramaPricing, lockedCount: number): UnlockPrices {
  return {
    episode: drama.episodePrice,
    locked_count: lockedCount,
    all: Math.min(drama.allPrice, lockedCount * drama.episodePrice),
  };
}

/** The episodes of a drama this viewer cannot play, in the order given. */
export function lockedEpisodes<E extends { id: number; number: number }>(
  episodes: readonly E[],
  drama: Pick<DramaPricing, 'freeEpisodes'>,
  viewer: ViewerEntitlement,
): E[] {
  return episodes.filter((episode) => !isEpisodePlayable(episode, drama, viewer));
}
