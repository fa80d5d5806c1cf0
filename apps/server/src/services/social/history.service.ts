import { Code, type HistoryItem, type Language, type Page, type PageQuery } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { HistoryRepository } from '../../repositories/history.repository.js';
import type { EpisodeTarget, SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { toDramaCard } from '../catalog/drama-card.js';
import { isFreeEpisode } from '../catalog/entitlement.js';
import { pageFrom, sliceOf } from './page.js';
import { requireEpisode } from './social-targets.js';

/** Progress the server accepted (the episode exists and the viewer may watch it). */
export interface ProgressEvent {
  userId: number;
  episode: EpisodeTarget;
  /** Clamped to the episode's duration. */
  positionS: number;
  at: Date;
}

/** Told about every saved progress (the rewards' watch-video task listens). */
export interface ProgressListener {
  progressSaved(event: ProgressEvent): Promise<void>;
}

export interface HistoryServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  clock: Clock;
  mediaBaseUrl: string;
  progressListener?: ProgressListener | undefined;
}

export interface SavedProgress {
  drama_id: number;
  episode_id: number;
  position_s: number;
}

/**
 * Watch history: one row per user and drama, pointing at the episode watched last and the
 * position in it, so "continue watching" resumes the drama where the viewer left it.
 */
export class HistoryService {
  private readonly history: HistoryRepository;

  constructor(private readonly deps: HistoryServiceDeps) {
    this.history = new HistoryRepository(deps.db);
  }

  /**
   * The position is clamped to the episode's duration (players report a little past the end).
   * A locked episode is refused with Code.EPISODE_LOCKED: the viewer cannot have watched it.
   */
  async save(userId: number, input: { episode_id: number; position_s: number }): Promise<SavedProgress> {
    const now = this.deps.clock();
    const episode = await requireEpisode(this.deps.targets, input.episode_id, now);
    // Free by the catalogue's rule (entitlement.ts), else unlocked or VIP: one SQL probe, as only
    // one episode of one user is asked about.
    const watchable =
      isFreeEpisode(episode.number, episode) || (await this.deps.targets.hasUnlockOrVip(userId, episode.id, now));
    if (!watchable) {
      throw new AppError(Code.EPISODE_LOCKED, 'Episode is locked', {
        drama_id: episode.dramaId,
        episode_id: episode.id,
        episode_number: episode.number,
      });
    }
    const positionS = Math.min(input.position_s, episode.durationS);
    await this.history.upsert({ userId, dramaId: episode.dramaId, episodeId: episode.id, positionS, updatedAt: now });
    await this.deps.progressListener?.progressSaved({ userId, episode, positionS, at: now });
    return { drama_id: episode.dramaId, episode_id: episode.id, position_s: positionS };
  }

  async list(userId: number, query: PageQuery, lang: Language): Promise<Page<HistoryItem>> {
    const now = this.deps.clock();
    const [rows, total] = await Promise.all([
      this.history.listByUser(userId, sliceOf(query), now),
      this.history.countByUser(userId, now),
    ]);
    const list = rows.map((row) => ({
      ...toDramaCard(row.drama, row.episodeCount, lang, this.deps.mediaBaseUrl),
      episode_id: row.episodeId,
      episode_number: row.episodeNumber,
      position_s: row.positionS,
      duration_s: row.durationS,
      watched_at: row.watchedAt.toISOString(),
    }));
    return pageFrom(list, total, query);
  }

  /** 0 when the drama was not in the history (or does not exist): removing is idempotent. */
  async remove(userId: number, dramaId: number): Promise<{ removed: number }> {
    return { removed: await this.history.deleteOne(userId, dramaId) };
  }

  async clear(userId: number): Promise<{ removed: number }> {
    return { removed: await this.history.deleteAll(userId) };
  }
}
