import { Code, type Language } from '@cliffhanger/contract';
import type { ConsoleDrama } from '@cliffhanger/contract/console';
import type { EpisodeRow, LocalisedText } from '../../db/catalog.schema.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { readEpisodeRecord, RECORD_FILE } from '../../catalog-import/episode-record.js';
import { subtitlePath } from '../../catalog-import/subtitle-path.js';
import { putBytes } from '../../catalog-import/storage-io.js';
import type { EdgePurges } from '../../media/purge/edge-purges.js';
import type { MediaStorage } from '../../media/storage/media-storage.js';
import { SubtitleError } from '../../media/subtitles/subtitle-cue.js';
import { convertToWebVtt } from '../../media/subtitles/to-webvtt.js';
import { changedFields, invalidField, type DramaChanges } from './drama-changes.js';

export interface ConsoleEpisodesServiceDeps {
  dramas: DramaChanges;
  media: MediaStorage;
  /** Tells the CDN to drop the media dir of a deleted episode. */
  edgePurges: Pick<EdgePurges, 'request'>;
}

function episodeNotFound(dramaId: number, episodeId: number): AppError {
  return new AppError(Code.NOT_FOUND, `Drama ${dramaId} has no episode ${episodeId}`);
}

/** The ids in episode-number order, as the audit log shows an order. */
function orderOf(episodes: readonly EpisodeRow[]): number[] {
  return episodes.map((episode) => episode.id);
}

/**
 * Why `ids` is not an order of `episodes` (each of the drama's episode ids exactly once), or
 * undefined when it is one.
 */
function orderProblem(ids: readonly number[], episodes: readonly EpisodeRow[]): string | undefined {
  const known = new Set(orderOf(episodes));
  const seen = new Set<number>();
  const repeated: number[] = [];
  for (const id of ids) {
    if (seen.has(id)) repeated.push(id);
    seen.add(id);
  }
  const foreign = ids.filter((id) => !known.has(id));
  const missing = [...known].filter((id) => !seen.has(id));
  const problems = [
    repeated.length > 0 ? `lists ${repeated.join(', ')} more than once` : '',
    foreign.length > 0 ? `has ${foreign.join(', ')}, not episodes of this drama` : '',
    missing.length > 0 ? `leaves out ${missing.join(', ')}` : '',
  ].filter((problem) => problem !== '');
  return problems.length === 0 ? undefined : problems.join('; ');
}

/** The text of an uploaded WebVTT file as the player gets it: parsed, sanitised, re-serialised. */
function webVttOf(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidField('body.file', 'is not UTF-8 text');
  }
  try {
    return convertToWebVtt(text, 'vtt');
  } catch (error) {
    if (error instanceof SubtitleError) throw invalidField('body.file', `is not valid WebVTT (${error.message})`);
    throw error;
  }
}

/**
 * A drama's episodes in the console: their order, titles and subtitles, and deleting one from a
 * drama viewers cannot see (docs/console.md#catalogue). Adding episodes is the upload's.
 */
export class ConsoleEpisodesService {
  constructor(private readonly deps: ConsoleEpisodesServiceDeps) {}

  /** Numbers the episodes 1..n in the order of `ids`, which names every episode of the drama once. */
  reorder(operatorId: number, dramaId: number, ids: readonly number[], reason?: string): Promise<ConsoleDrama> {
    const { repo } = this.deps.dramas;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'episode.reorder', reason }, async (tx) => {
      const episodes = await repo.episodesOf(dramaId, tx);
      const problem = orderProblem(ids, episodes);
      if (problem !== undefined) throw invalidField('body.episode_ids', problem);
      const before = orderOf(episodes);
      if (before.every((id, index) => ids[index] === id)) return null;
      await repo.renumber(dramaId, ids, tx);
      return { before: { order: before }, after: { order: [...ids] } };
    });
  }

  updateTitle(
    operatorId: number,
    dramaId: number,
    episodeId: number,
    title: LocalisedText,
    reason?: string,
  ): Promise<ConsoleDrama> {
    const { repo } = this.deps.dramas;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'episode.update', reason }, async (tx) => {
      const episode = await repo.findEpisode(dramaId, episodeId, tx);
      if (!episode) throw episodeNotFound(dramaId, episodeId);
      const change = changedFields({ title: episode.title }, { title });
      if (change === null) return null;
      await repo.updateEpisode(episodeId, { title }, tx);
      return {
        before: { episode_id: episodeId, ...change.before },
        after: { episode_id: episodeId, ...change.after },
      };
    });
  }

  /**
   * Deletes an episode of a drama that is not published; the episodes after it move up one. An
   * episode a viewer has unlocked stays: deleting it would take what they paid for.
   */
  delete(operatorId: number, dramaId: number, episodeId: number, reason?: string): Promise<ConsoleDrama> {
    const { repo } = this.deps.dramas;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'episode.delete', reason }, async (tx, drama) => {
      if (drama.publishedAt !== null) {
        throw new AppError(Code.DRAMA_IS_PUBLISHED, 'Only an episode of a drama that is not published may be deleted');
      }
      const episodes = await repo.episodesOf(dramaId, tx);
      const episode = episodes.find((e) => e.id === episodeId);
      if (!episode) throw episodeNotFound(dramaId, episodeId);
      if (await repo.hasUnlocks(episodeId, tx)) {
        throw new AppError(Code.EPISODE_UNLOCKED, 'Viewers have unlocked this episode');
      }
      await repo.deleteEpisode(episodeId, tx);
      const rest = episodes.filter((e) => e.id !== episodeId);
      if (rest.some((e, index) => e.number !== index + 1)) await repo.renumber(dramaId, orderOf(rest), tx);
      return {
        before: {
          episode: { id: episode.id, number: episode.number, title: episode.title, media_dir: episode.mediaDir },
          order: orderOf(episodes),
        },
        after: { episode: null, order: orderOf(rest) },
        afterCommit: () =>
          this.deleteUnused(
            dramaId,
            [episode.mediaDir],
            Object.values(episode.subtitles).filter((p) => p !== undefined),
          ),
      };
    });
  }

  /** Adds or replaces the episode's subtitles in `lang` from an uploaded WebVTT file. */
  async uploadSubtitle(
    operatorId: number,
    dramaId: number,
    episodeId: number,
    lang: Language,
    bytes: Buffer,
  ): Promise<ConsoleDrama> {
    const { dramas, media } = this.deps;
    const vtt = webVttOf(bytes);
    const stored = await dramas.repo.findEpisode(dramaId, episodeId);
    if (!stored) {
      if (!(await dramas.repo.findById(dramaId))) throw new AppError(Code.NOT_FOUND, `No drama ${dramaId}`);
      throw episodeNotFound(dramaId, episodeId);
    }
    if (stored.mediaDir === '') throw new AppError(Code.CONFLICT, 'The episode has no media yet');
    // Named after its content, beside the episode's media: stored before the row points at it,
    // so viewers never get a path with nothing behind it.
    const path = subtitlePath(stored.mediaDir, lang, vtt);
    await putBytes(media, path, Buffer.from(vtt, 'utf8'));
    try {
      return await dramas.apply({ operatorId, dramaId, action: 'episode.subtitle', reason: undefined }, async (tx) => {
        const episode = await dramas.repo.findEpisode(dramaId, episodeId, tx);
        if (!episode) throw episodeNotFound(dramaId, episodeId);
        return this.setSubtitle(tx, episode, lang, path);
      });
    } catch (error) {
      await this.deleteUnused(dramaId, [], [path]);
      throw error;
    }
  }

  removeSubtitle(
    operatorId: number,
    dramaId: number,
    episodeId: number,
    lang: Language,
    reason?: string,
  ): Promise<ConsoleDrama> {
    const { repo } = this.deps.dramas;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'episode.subtitle', reason }, async (tx) => {
      const episode = await repo.findEpisode(dramaId, episodeId, tx);
      if (!episode) throw episodeNotFound(dramaId, episodeId);
      return this.setSubtitle(tx, episode, lang, null);
    });
  }

  private async setSubtitle(tx: Db, episode: EpisodeRow, lang: Language, path: string | null) {
    const previous = episode.subtitles[lang] ?? null;
    if (previous === path) return null;
    const subtitles = { ...episode.subtitles };
    if (path === null) delete subtitles[lang];
    else subtitles[lang] = path;
    await this.deps.dramas.repo.updateEpisode(episode.id, { subtitles }, tx);
    return {
      before: { episode_id: episode.id, lang, subtitle: previous },
      after: { episode_id: episode.id, lang, subtitle: path },
      afterCommit: () => this.deleteUnused(episode.dramaId, [], previous === null ? [] : [previous]),
    };
  }

  /**
   * Deletes media dirs (every file their source.json lists) and single files that no episode of
   * the drama uses any more, and has the CDN drop those dirs. A drama's media paths carry its
   * slug, so no other drama's rows can point at them.
   */
  private async deleteUnused(dramaId: number, mediaDirs: readonly string[], paths: readonly string[]): Promise<void> {
    const { repo } = this.deps.dramas;
    const { media } = this.deps;
    const live = await repo.episodesOf(dramaId);
    const liveDirs = new Set(live.map((e) => e.mediaDir));
    const livePaths = new Set(live.flatMap((e) => Object.values(e.subtitles)));
    const doomed = paths.filter((path) => !livePaths.has(path));
    const retired = mediaDirs.filter((dir) => dir !== '' && !liveDirs.has(dir));
    await this.deps.edgePurges.request(retired);
    for (const dir of retired) {
      const record = await readEpisodeRecord(media, dir);
      for (const file of record?.files ?? []) doomed.push(`${dir}/${file}`);
      if (record) doomed.push(`${dir}/${RECORD_FILE}`);
    }
    for (const path of doomed) await media.delete(path);
  }
}
