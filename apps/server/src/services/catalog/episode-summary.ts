import type { EpisodeSummary, Language } from '@cliffhanger/contract';
import type { EpisodeRow } from '../../db/catalog.schema.js';
import {
  episodePrice,
  isEpisodePlayable,
  isFreeEpisode,
  type DramaPricing,
  type ViewerEntitlement,
} from './entitlement.js';
import { localise } from './localise.js';

/** An episode as this viewer sees it: free, locked, and its single price. */
export function toEpisodeSummary(
  episode: EpisodeRow,
  drama: DramaPricing,
  entitlement: ViewerEntitlement,
  lang: Language,
): EpisodeSummary {
  return {
    id: episode.id,
    number: episode.number,
    title: localise(episode.title, lang),
    duration_s: episode.durationS,
    free: isFreeEpisode(episode.number, drama),
    locked: !isEpisodePlayable(episode, drama, entitlement),
    price: episodePrice(episode.number, drama),
  };
}
