import type { DramaCard, Language } from '@cliffhanger/contract';
import type { DramaRow } from '../../db/catalog.schema.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { localise } from './localise.js';

/** A drama row and its episode count, as the contract's card in `lang`. */
export function toDramaCard(
  row: DramaRow,
  episodeCount: number,
  lang: Language | undefined,
  mediaBase: string,
): DramaCard {
  return {
    id: row.id,
    title: localise(row.title, lang),
    poster: publicMediaUrl(mediaBase, row.poster),
    tags: row.tags,
    genres: row.genres,
    hits: row.hits,
    likes: row.likes,
    episode_count: episodeCount,
    free_episodes: row.freeEpisodes,
  };
}
