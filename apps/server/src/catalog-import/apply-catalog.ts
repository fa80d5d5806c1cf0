import { isDeepStrictEqual } from 'node:util';
import type { DramaRow, EpisodeRow, LocalisedText, NewDramaRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { CatalogImportRepository } from './catalog-import.repository.js';
import type { ManifestDrama } from './manifest.js';
import type { PreparedArtwork } from './prepare-artwork.js';
import type { PreparedEpisode } from './prepare-episode.js';

export interface PreparedDrama {
  drama: ManifestDrama;
  artwork: PreparedArtwork;
  episodes: PreparedEpisode[];
}

export interface AppliedDrama {
  slug: string;
  id: number;
  created: boolean;
  /** The drama row or any of its episode rows changed. */
  changed: boolean;
  removedEpisodes: number;
  /** It was released, and this import moved its release to later: viewers no longer see it. */
  withdrawn: boolean;
}

/** What the catalogue pointed at before, for deleting what is no longer referenced (after commit). */
export interface Superseded {
  dramas: Pick<DramaRow, 'poster' | 'banner'>[];
  episodes: Pick<EpisodeRow, 'mediaDir' | 'subtitles'>[];
}

type Subtitles = EpisodeRow['subtitles'];

/** JSON without the keys whose value is undefined, so `{ en, zh: undefined }` equals `{ en }`. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function dramaValues(prepared: PreparedDrama) {
  const { drama, artwork } = prepared;
  const title: LocalisedText = defined(drama.title);
  return {
    title,
    synopsis: defined<LocalisedText>(drama.synopsis),
    sortTitle: title.en.toLowerCase(),
    poster: artwork.posterPath,
    banner: artwork.bannerPath,
    tags: drama.tags,
    genres: drama.genres,
    freeEpisodes: drama.free_episodes,
    episodePrice: drama.episode_price,
    allPrice: drama.all_price,
    recommendRank: drama.recommend_rank ?? null,
    bannerRank: drama.banner_rank ?? null,
    ...(drama.published_at !== undefined ? { publishedAt: new Date(drama.published_at) } : {}),
  } satisfies Partial<NewDramaRow>;
}

function dramaDiffers(row: DramaRow, values: ReturnType<typeof dramaValues>): boolean {
  return (Object.keys(values) as (keyof typeof values)[]).some((key) => {
    const next = values[key];
    const current = row[key];
    if (next instanceof Date) return !(current instanceof Date) || current.getTime() !== next.getTime();
    return !isDeepStrictEqual(current, next);
  });
}

function episodeValues(episode: PreparedEpisode) {
  const subtitles: Subtitles = {};
  for (const [lang, subtitle] of Object.entries(episode.subtitles)) subtitles[lang as keyof Subtitles] = subtitle.path;
  return {
    title: defined<LocalisedText>(episode.title),
    durationS: episode.durationS,
    mediaDir: episode.mediaDir,
    subtitles,
  };
}

function episodeDiffers(row: EpisodeRow, values: ReturnType<typeof episodeValues>): boolean {
  return (
    !isDeepStrictEqual(row.title, values.title) ||
    // duration_s is a float4: compare at that precision, or every re-import would look like a change.
    Math.fround(row.durationS) !== Math.fround(values.durationS) ||
    row.mediaDir !== values.mediaDir ||
    !isDeepStrictEqual(row.subtitles, values.subtitles)
  );
}

/**
 * Phase 4: one transaction puts the catalogue in the manifest's state. Dramas are matched by slug
 * and episodes by (drama, number); a drama's episodes missing from the manifest are deleted
 * (dramas missing from it are left alone). Unchanged rows are not written, so re-importing the same
 * manifest changes nothing. initial_hits / initial_likes only apply to a drama created here.
 */
export async function applyCatalog(
  db: Db,
  prepared: readonly PreparedDrama[],
): Promise<{ applied: AppliedDrama[]; superseded: Superseded; addedEpisodes: number[] }> {
  return db.transaction(async (tx) => {
    const repo = new CatalogImportRepository(tx);
    const applied: AppliedDrama[] = [];
    const superseded: Superseded = { dramas: [], episodes: [] };
    // Episodes new to a drama that was already there: its followers hear of them (docs/notifications.md).
    const addedEpisodes: number[] = [];
    const existing = new Map(
      (await repo.findDramasBySlugs(prepared.map((p) => p.drama.slug))).map((row) => [row.slug, row]),
    );
    const oldEpisodes = await repo.findEpisodesOfDramas([...existing.values()].map((row) => row.id));

    for (const item of prepared) {
      const values = dramaValues(item);
      let row = existing.get(item.drama.slug);
      const created = row === undefined;
      let changed = created;
      const now = new Date();
      const wasReleased = row?.publishedAt != null && row.publishedAt <= now;
      if (!row) {
        row = await repo.insertDrama({
          slug: item.drama.slug,
          ...values,
          hits: item.drama.initial_hits ?? 0,
          likes: item.drama.initial_likes ?? 0,
        });
      } else if (dramaDiffers(row, values)) {
        superseded.dramas.push({ poster: row.poster, banner: row.banner });
        await repo.updateDrama(row.id, { ...values, updatedAt: new Date() });
        changed = true;
      }

      const dramaId = row.id;
      const byNumber = new Map(oldEpisodes.filter((e) => e.dramaId === dramaId).map((e) => [e.number, e]));
      for (const episode of item.episodes) {
        const next = episodeValues(episode);
        const current = byNumber.get(episode.number);
        byNumber.delete(episode.number);
        if (!current) {
          const id = await repo.insertEpisode({ dramaId, number: episode.number, ...next });
          if (!created) addedEpisodes.push(id);
          changed = true;
        } else if (episodeDiffers(current, next)) {
          superseded.episodes.push({ mediaDir: current.mediaDir, subtitles: current.subtitles });
          await repo.updateEpisode(current.id, next);
          changed = true;
        }
      }
      const removed = [...byNumber.values()];
      await repo.deleteEpisodes(removed.map((e) => e.id));
      superseded.episodes.push(...removed.map((e) => ({ mediaDir: e.mediaDir, subtitles: e.subtitles })));
      applied.push({
        slug: item.drama.slug,
        id: dramaId,
        created,
        changed: changed || removed.length > 0,
        removedEpisodes: removed.length,
        withdrawn: wasReleased && (values.publishedAt?.getTime() ?? 0) > now.getTime(),
      });
    }
    return { applied, superseded, addedEpisodes };
  });
}
