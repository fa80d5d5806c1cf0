import type { Db } from '../../db/database.js';
import type { EpisodeTarget, SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { isFreeEpisode } from '../catalog/entitlement.js';

/**
 * May this user watch the episode (DESIGN §7)? Free (number ≤ the drama's free episodes),
 * unlocked by them, or they are VIP at `now`. History uses it so that progress on a locked
 * episode, which the viewer could never have watched, cannot be saved.
 * The free rule is the catalogue's (entitlement.ts); unlock and VIP are one SQL probe, since
 * here only one episode of one user is asked about.
 */
export async function canWatchEpisode(
  targets: SocialTargetsRepository,
  input: { userId: number; episode: EpisodeTarget; now: Date },
  tx?: Db,
): Promise<boolean> {
  if (isFreeEpisode(input.episode.number, input.episode)) return true;
  return targets.hasUnlockOrVip(input.userId, input.episode.id, input.now, tx);
}
