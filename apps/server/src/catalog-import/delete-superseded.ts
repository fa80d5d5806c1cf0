import { artworkCopies } from '@cliffhanger/contract';
import type { MediaStorage } from '../media/storage/media-storage.js';
import type { PreparedDrama, Superseded } from './apply-catalog.js';
import { readEpisodeRecord, RECORD_FILE } from './episode-record.js';

/** Media the catalogue references after a change: episode dirs, and single files (subtitles, artwork). */
interface LiveMedia {
  dirs: Set<string>;
  paths: Set<string>;
}

/** Media the catalogue references after the import. */
function liveMedia(prepared: readonly PreparedDrama[]): LiveMedia {
  const dirs = new Set<string>();
  const paths = new Set<string>();
  for (const { artwork, episodes } of prepared) {
    paths.add(artwork.posterPath).add(artwork.bannerPath);
    for (const episode of episodes) {
      dirs.add(episode.mediaDir);
      for (const subtitle of Object.values(episode.subtitles)) paths.add(subtitle.path);
    }
  }
  return { dirs, paths };
}

/**
 * After the commit: deletes the media the previous catalogue used and the new one does not
 * (replaced episode dirs, listed by their source.json; old subtitles, posters and banners).
 * Best effort: a failure here leaves an orphan file, never a broken catalogue. Answers the
 * episode dirs no longer used, for the CDN to drop.
 */
export async function deleteSuperseded(
  media: MediaStorage,
  superseded: Superseded,
  prepared: readonly PreparedDrama[],
  warn: (message: string) => void,
): Promise<string[]> {
  return deleteUnused(media, superseded, liveMedia(prepared), warn);
}

/**
 * After the commit that switched one episode to `current` media (a console upload): deletes the
 * episode's previous media dir and subtitles unless `current` still uses them. Best effort.
 */
export async function deleteReplacedEpisode(
  media: MediaStorage,
  previous: Superseded['episodes'][number],
  current: Superseded['episodes'][number],
  warn: (message: string) => void,
): Promise<void> {
  const live: LiveMedia = {
    dirs: new Set([current.mediaDir]),
    paths: new Set(Object.values(current.subtitles).filter((path): path is string => path !== undefined)),
  };
  await deleteUnused(media, { dramas: [], episodes: [previous] }, live, warn);
}

/** Deletes what `superseded` used and `live` does not; answers the episode dirs retired. */
async function deleteUnused(
  media: MediaStorage,
  superseded: Superseded,
  live: LiveMedia,
  warn: (message: string) => void,
): Promise<string[]> {
  const doomed = new Set<string>();
  const retiredDirs = new Set<string>();
  for (const episode of superseded.episodes) {
    for (const path of Object.values(episode.subtitles)) if (path && !live.paths.has(path)) doomed.add(path);
    if (live.dirs.has(episode.mediaDir) || episode.mediaDir === '') continue;
    retiredDirs.add(episode.mediaDir);
    const record = await readEpisodeRecord(media, episode.mediaDir);
    for (const file of record?.files ?? []) doomed.add(`${episode.mediaDir}/${file}`);
    if (record) doomed.add(`${episode.mediaDir}/${RECORD_FILE}`);
  }
  for (const drama of superseded.dramas) {
    for (const path of [drama.poster, drama.banner]) {
      if (!/^(posters|banners)\//.test(path) || live.paths.has(path)) continue;
      doomed.add(path);
      for (const copy of artworkCopies(path)) doomed.add(copy.path);
    }
  }
  for (const path of doomed) {
    await media.delete(path).catch((error: unknown) => warn(`could not delete superseded ${path}: ${String(error)}`));
  }
  return [...retiredDirs];
}
