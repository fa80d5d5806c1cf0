import { Code, type HistoryItem, type Language, type Page, type PageQuery } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/tokens.js';
import { HistoryRepository } from '../../repositories/history.repository.js';
import { ProgressTargetRepository } from '../../repositories/progress-target.repository.js';
import type { EpisodeTarget } from '../../repositories/social-targets.repository.js';
import type { SessionService } from '../auth/session.service.js';
import { toDramaCard } from '../catalog/drama-card.js';
import { isFreeEpisode, isVipActive } from '../catalog/entitlement.js';
import { pageFrom, sliceOf } from './page.js';
import type { ProgressBatcher } from './progress-batcher.js';

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
  /** Judges the session a save's own statement read (PUT /history resolves it there). */
  sessions: Pick<SessionService, 'check'>;
  /** Where accepted saves wait for their batch. */
  saves: Pick<ProgressBatcher, 'add' | 'flush' | 'hasPending' | 'discard'>;
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
  private readonly targets: ProgressTargetRepository;

  constructor(private readonly deps: HistoryServiceDeps) {
    this.history = new HistoryRepository(deps.db);
    this.targets = new ProgressTargetRepository(deps.db);
  }

  /**
   * A save by the holder of a session token. The session, the episode and the viewer's right to
   * it are read in one statement and judged before the answer, in the order a signed-in route
   * judges them: the session's code, then Code.NOT_FOUND for an episode that does not exist or
   * whose drama is not released, then Code.EPISODE_LOCKED for an episode the viewer may not watch
   * (free by the catalogue's rule, else unlocked or VIP: entitlement.ts). The position is clamped
   * to the episode's duration (players report a little past the end). The row is written in the
   * next batch (ProgressBatcher); this process's readers see it at once.
   */
  async save(token: string, input: { episode_id: number; position_s: number }): Promise<SavedProgress> {
    const now = this.deps.clock();
    const hash = sha256Hex(token);
    const target = await this.targets.load(hash, input.episode_id, now);
    const { userId } = await this.deps.sessions.check(hash, target.session);
    const { episode } = target;
    if (!episode) throw new AppError(Code.NOT_FOUND, 'No such episode', { episode_id: input.episode_id });
    const watchable =
      isFreeEpisode(episode.number, episode) || isVipActive(target.vipExpiresAt, now) || target.unlocked;
    if (!watchable) {
      throw new AppError(Code.EPISODE_LOCKED, 'Episode is locked', {
        drama_id: episode.dramaId,
        episode_id: episode.id,
        episode_number: episode.number,
      });
    }
    const positionS = Math.min(input.position_s, episode.durationS);
    this.deps.saves.add({ userId, dramaId: episode.dramaId, episodeId: episode.id, positionS, updatedAt: now });
    await this.deps.progressListener?.progressSaved({ userId, episode, positionS, at: now });
    return { drama_id: episode.dramaId, episode_id: episode.id, position_s: positionS };
  }

  /** Written first when the viewer has a save pending here: the list shows it, in its place. */
  async list(userId: number, query: PageQuery, lang: Language): Promise<Page<HistoryItem>> {
    if (this.deps.saves.hasPending(userId)) await this.deps.saves.flush();
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

  /**
   * 0 when the drama was not in the history (or does not exist): removing is idempotent. A save
   * still pending is written first, so it counts as removed, and one left for a retry is forgotten.
   */
  async remove(userId: number, dramaId: number): Promise<{ removed: number }> {
    await this.settle(userId, dramaId);
    return { removed: await this.history.deleteOne(userId, dramaId) };
  }

  async clear(userId: number): Promise<{ removed: number }> {
    await this.settle(userId);
    return { removed: await this.history.deleteAll(userId) };
  }

  /** No save of the viewer (in the drama, or any) waits or is being written: a delete then sticks. */
  private async settle(userId: number, dramaId?: number): Promise<void> {
    if (this.deps.saves.hasPending(userId)) await this.deps.saves.flush();
    this.deps.saves.discard(userId, dramaId);
  }
}
