import { LANGUAGES } from '@cliffhanger/contract';
import type { ConsoleDrama, ConsoleDramaRow, ConsoleEpisode, DramaStatus } from '@cliffhanger/contract/console';
import type { DramaRow, EpisodeRow } from '../../db/catalog.schema.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { episodePrice, isFreeEpisode } from '../catalog/entitlement.js';

/**
 * What published_at says to an editor. NULL cannot tell a draft from a drama taken down, so both
 * are "not published"; a time to come is a scheduled release; a time passed, viewers see it.
 */
export function dramaStatusOf(publishedAt: Date | null, now: Date): DramaStatus {
  if (publishedAt === null) return 'not_published';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Viewers can play it: the import (and the upload) write the row once the media is stored and probed. */
export function isMediaReady(episode: EpisodeRow): boolean {
  return episode.mediaDir !== '' && episode.durationS > 0;
}

export function toConsoleDramaRow(row: DramaRow, episodeCount: number, now: Date, mediaBase: string): ConsoleDramaRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    poster: publicMediaUrl(mediaBase, row.poster),
    status: dramaStatusOf(row.publishedAt, now),
    published_at: row.publishedAt?.toISOString() ?? null,
    tags: row.tags,
    genres: row.genres,
    hits: row.hits,
    episode_count: episodeCount,
    free_episodes: row.freeEpisodes,
    episode_price: row.episodePrice,
    all_price: row.allPrice,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toConsoleEpisode(episode: EpisodeRow, drama: DramaRow): ConsoleEpisode {
  return {
    id: episode.id,
    number: episode.number,
    title: episode.title,
    duration_s: episode.durationS,
    free: isFreeEpisode(episode.number, drama),
    price: episodePrice(episode.number, drama),
    subtitles: LANGUAGES.filter((lang) => (episode.subtitles[lang] ?? '') !== ''),
    media_ready: isMediaReady(episode),
  };
}

export function toConsoleDrama(
  row: DramaRow,
  episodes: readonly EpisodeRow[],
  now: Date,
  mediaBase: string,
): ConsoleDrama {
  return {
    ...toConsoleDramaRow(row, episodes.length, now, mediaBase),
    synopsis: row.synopsis,
    banner: publicMediaUrl(mediaBase, row.banner),
    likes: row.likes,
    episodes: episodes.map((episode) => toConsoleEpisode(episode, row)),
  };
}
