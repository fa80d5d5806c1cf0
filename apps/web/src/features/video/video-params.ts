import type { DramaDetail } from '@cliffhanger/contract/browser';

/** A positive whole-number id from the query, else null. */
export function idFrom(raw: string | null): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** The drama of the page: `drama_id` (`id` is accepted as an older spelling). */
export function dramaIdFrom(params: URLSearchParams): number | null {
  return idFrom(params.get('drama_id')) ?? idFrom(params.get('id'));
}

/** The episode to play: the one asked for, else where the viewer stopped, else the first. */
export function episodeToPlay(requested: number | null, drama: DramaDetail | undefined): number | null {
  if (requested !== null) return requested;
  if (!drama) return null;
  return drama.progress?.episode_id ?? drama.episodes[0]?.id ?? null;
}
