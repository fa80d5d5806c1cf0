import { Code } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { EpisodeTarget, SocialTargetsRepository } from '../../repositories/social-targets.repository.js';

/** Code.NOT_FOUND for an episode id that does not exist or whose drama is not released by `now`. */
export async function requireEpisode(
  targets: SocialTargetsRepository,
  id: number,
  now: Date,
  tx?: Db,
): Promise<EpisodeTarget> {
  const episode = await targets.findEpisode(id, now, tx);
  if (!episode) throw new AppError(Code.NOT_FOUND, 'No such episode', { episode_id: id });
  return episode;
}

/** Code.NOT_FOUND for a drama id that does not exist or is not released by `now`. */
export async function requireDrama(targets: SocialTargetsRepository, id: number, now: Date, tx?: Db): Promise<void> {
  if (!(await targets.dramaExists(id, now, tx))) throw new AppError(Code.NOT_FOUND, 'No such drama', { drama_id: id });
}
