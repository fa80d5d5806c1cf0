import type { Db } from '../../db/database.js';
import type { EpisodeTarget, SocialTargetsRepository } from '../../repositories/social-targets.repository.js';

/**
 * May this user watch the episode (DESIGN §7)? Free (number ≤ the drama's free episodes),
 * unlocked by them, or they are VIP at `now`. History uses it so that progress on a locked
 * episode, which the viewer could never have watched, cannot be saved.
 *
 * A deliberately small stand-in: when the catalogue's shared entitlement rule settles, swap the
 * body of this one function for it.
 */
export async function canWatchEpisode(
  targets: SocialTargetsRepository,
  input: { userId: number; episode: EpisodeTarget; now: Date },
  tx?: Db,
): Promise<boolean> {
  if (input.episode.number <= input.episode.freeEpisodes) return true;
  return targets.hasUnlockOrVip(input.userId, input.episode.id, input.now, tx);
}
