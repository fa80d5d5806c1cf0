import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, EPISODE_NUMBER_MAX } from '@cliffhanger/contract';
import {
  EPISODE_UPLOAD_EXPIRY_HOURS,
  EPISODE_UPLOAD_METADATA,
  EPISODE_UPLOAD_NEXT,
  type EpisodeImport,
} from '@cliffhanger/contract/console';
import { deleteReplacedEpisode } from '../../catalog-import/delete-superseded.js';
import { checkSourceVideo, deleteStoredEpisode, importEpisode } from '../../catalog-import/import-episode.js';
import type { MediaTools } from '../../catalog-import/media-tools.js';
import type { PreparedEpisode } from '../../catalog-import/prepare-episode.js';
import type { EpisodeRow, LocalisedText } from '../../db/catalog.schema.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Db } from '../../db/database.js';
import type { EpisodeImportRow, EpisodeImportStateValue } from '../../db/episode-imports.schema.js';
import { AppError } from '../../http/envelope.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { Semaphore } from '../../lib/semaphore.js';
import { TranscodeError, errorMessage } from '../../media/transcode/transcode-episode.js';
import type { EdgePurges } from '../../media/purge/edge-purges.js';
import type { MediaStorage } from '../../media/storage/media-storage.js';
import { EpisodeImportsRepository, RUNNING_STATES } from '../../repositories/episode-imports.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { JOB, type JobSender } from '../jobs.js';
import type { StagedFile, StagedUpload, UploadStaging } from './upload-staging.js';

/** Runs of one import, in all: the first and two more for a failure that was not the video's. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** A run reports at least this often (a heartbeat while a step has nothing new to say). */
const HEARTBEAT_S = 30;
/** A running import silent for this long lost its process: another run takes it. */
export const STALE_RUNNING_S = 10 * 60;
/** A queued import no job took for this long (its job was lost with a process) is sent again. */
export const STALE_QUEUED_S = 30 * 60;
/** An upload whose bytes are all in but is still `uploading` this long after lost its finish hook. */
const LOST_FINISH_S = 60;
/** How often the sweep runs (the worker schedules it by whole minutes). */
export const EPISODE_UPLOAD_SWEEP_INTERVAL_S = 5 * 60;
/** Progress writes are spaced at least this far apart (ffmpeg reports twice a second). */
const PROGRESS_WRITE_MS = 1000;
const LIST_LIMIT = 50;
const FILENAME_MAX = 255;
const INFLIGHT_INDEX = 'episode_imports_in_flight_unique';

/** A failure that is the upload's own: the import ends `failed` with this code, and is not tried again. */
class ImportRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface EpisodeImportLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export interface EpisodeImportServiceDeps {
  db: Db;
  clock: Clock;
  media: MediaStorage;
  tools: MediaTools;
  /** Where the finished upload's import job is queued. */
  jobs: JobSender;
  /** Tells the CDN to drop the media an upload replaced. */
  edgePurges: Pick<EdgePurges, 'request'>;
  catalogChanges: Pick<CatalogChanges, 'publish'>;
  staging: UploadStaging;
  log: EpisodeImportLog;
  /** Transcodes at once in this process (ffmpeg takes every core it is given). */
  concurrency?: number;
}

/** What an upload's `Upload-Metadata` says, checked. */
interface UploadRequest {
  dramaId: number;
  episode: number | typeof EPISODE_UPLOAD_NEXT;
  filename: string;
}

function invalid(field: string, message: string): AppError {
  return new AppError(Code.INVALID_INPUT, `Upload-Metadata ${field}: ${message}`, { fields: [{ field, message }] });
}

function parseUploadMetadata(metadata: Record<string, string | null | undefined>): UploadRequest {
  const keys = EPISODE_UPLOAD_METADATA;
  const filetype = metadata[keys.filetype] ?? '';
  if (!/^video\/[\w.+-]+$/i.test(filetype)) {
    throw new AppError(Code.EPISODE_SOURCE_INVALID, `"${filetype}" is not a video type (video/*)`, {
      fields: [{ field: keys.filetype, message: 'must be a video/* type' }],
    });
  }
  const dramaId = Number(metadata[keys.dramaId] ?? '');
  if (!Number.isSafeInteger(dramaId) || dramaId < 1) throw invalid(keys.dramaId, 'must be a drama id');
  const episodeText = metadata[keys.episode] ?? '';
  let episode: UploadRequest['episode'] = EPISODE_UPLOAD_NEXT;
  if (episodeText !== EPISODE_UPLOAD_NEXT) {
    episode = Number(episodeText);
    if (!/^\d+$/.test(episodeText) || episode < 1 || episode > EPISODE_NUMBER_MAX) {
      throw invalid(keys.episode, `must be a number from 1 to ${EPISODE_NUMBER_MAX} or "${EPISODE_UPLOAD_NEXT}"`);
    }
  }
  // Only the name: a browser sends no folder, and another client's path means nothing here.
  const filename = (metadata[keys.filename] ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  if (filename === '' || filename.length > FILENAME_MAX) {
    throw invalid(keys.filename, `must be a file name of 1 to ${FILENAME_MAX} characters`);
  }
  return { dramaId, episode, filename };
}

function defaultTitle(number: number): LocalisedText {
  return { en: `Episode ${number}`, zh: `第${number}集`, tr: `${number}. Bölüm` };
}

function toEpisodeImport(row: EpisodeImportRow): EpisodeImport {
  return {
    id: row.id,
    drama_id: row.dramaId,
    episode_number: row.episodeNumber,
    upload_id: row.uploadId,
    operator_id: row.operatorId,
    filename: row.filename,
    size_bytes: row.sizeBytes,
    state: row.state,
    percent: row.percent,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    episode_id: row.episodeId,
    replaced: row.replaced,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Episodes from console uploads (docs/console.md#uploading-episodes). An upload becomes a row when
 * it begins (refused there, before any byte, when its drama, number, type or size is wrong); once
 * its last byte is in, a job runs the manifest import's own steps on it (import-episode.ts:
 * ffprobe, the HLS ladder and download.mp4, storage), then one transaction writes the episode (or
 * switches an existing episode's media) with its audit entry, and every process's viewer caches
 * are told. Until that commit viewers see nothing of it.
 */
export class EpisodeImportService {
  private readonly repo: EpisodeImportsRepository;
  private readonly audit: OperatorsAuditRepository;
  private readonly transcodes: Semaphore;

  constructor(private readonly deps: EpisodeImportServiceDeps) {
    this.repo = new EpisodeImportsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
    this.transcodes = new Semaphore(deps.concurrency ?? 1);
  }

  get staging(): UploadStaging {
    return this.deps.staging;
  }

  /**
   * An operator begins an upload (tus's creation, before any byte): checks its metadata and its
   * drama, settles its episode number ("next": one past the drama's episodes and the imports in
   * flight) and records it. One import per episode at a time: another is 10006.
   */
  async beginUpload(
    operatorId: number,
    uploadId: string,
    sizeBytes: number | undefined,
    metadata: Record<string, string | null | undefined>,
  ): Promise<EpisodeImport> {
    const request = parseUploadMetadata(metadata);
    if (sizeBytes === undefined)
      throw new AppError(Code.INVALID_INPUT, 'Upload-Length is required (no deferred length)');
    if ((await this.repo.dramaSlug(request.dramaId)) === undefined) {
      throw new AppError(Code.NOT_FOUND, `No drama ${request.dramaId}`);
    }
    // Two "next" uploads begun together may pick the same number: the index refuses one, which tries again.
    for (let tries = 0; ; tries += 1) {
      try {
        const row = await this.deps.db.transaction(async (tx) => {
          const number =
            request.episode === EPISODE_UPLOAD_NEXT
              ? (await this.repo.lastEpisodeNumber(request.dramaId, tx)) + 1
              : request.episode;
          if (number > EPISODE_NUMBER_MAX) throw invalid(EPISODE_UPLOAD_METADATA.episode, 'the drama has no room left');
          const now = this.deps.clock();
          return this.repo.insert(
            {
              dramaId: request.dramaId,
              episodeNumber: number,
              uploadId,
              operatorId,
              filename: request.filename,
              sizeBytes,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
        });
        return toEpisodeImport(row);
      } catch (error) {
        if (!isUniqueViolation(error, INFLIGHT_INDEX)) throw error;
        if (request.episode !== EPISODE_UPLOAD_NEXT || tries >= 2) {
          throw new AppError(Code.CONFLICT, 'Another upload of this episode is in progress');
        }
      }
    }
  }

  /**
   * Who may send bytes to (or cancel) an upload: the operator who began it, or an admin. Unknown
   * uploads are 10002, as tus answers them.
   */
  async checkUploader(uploadId: string, operator: { id: number; role: string }): Promise<void> {
    const row = await this.repo.findByUploadId(uploadId);
    if (!row) throw new AppError(Code.NOT_FOUND, 'No such upload');
    if (row.operatorId !== operator.id && operator.role !== 'admin') {
      throw new AppError(Code.FORBIDDEN, 'Another operator began this upload');
    }
    if (row.state === 'failed' && row.errorCode === Code.EPISODE_UPLOAD_EXPIRED) {
      throw new AppError(Code.EPISODE_UPLOAD_EXPIRED, 'This upload expired unfinished');
    }
  }

  /** The last byte is in: queue the import. A repeat (or an upload that is no longer uploading) does nothing. */
  async uploadFinished(uploadId: string): Promise<void> {
    const row = await this.repo.markQueued(uploadId, this.deps.clock());
    if (row) await this.deps.jobs.send(JOB.episodeImport, { importId: row.id });
  }

  /** The operator cancelled an unfinished upload (tus termination): its row ends `failed`. */
  async uploadCancelled(uploadId: string): Promise<void> {
    const row = await this.repo.findByUploadId(uploadId);
    if (row?.state === 'uploading') {
      await this.repo.fail(row.id, undefined, { code: null, message: 'Cancelled' }, this.deps.clock());
    }
  }

  async listOfDrama(dramaId: number): Promise<EpisodeImport[]> {
    if ((await this.repo.dramaSlug(dramaId)) === undefined) throw new AppError(Code.NOT_FOUND, `No drama ${dramaId}`);
    return (await this.repo.listOfDrama(dramaId, LIST_LIMIT)).map(toEpisodeImport);
  }

  async get(id: number): Promise<EpisodeImport> {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError(Code.NOT_FOUND, `No import ${id}`);
    return toEpisodeImport(row);
  }

  /**
   * The `episode-import` job. Waits for this process's transcode slot, then claims the import
   * (a repeat of a job whose import another run has, or that is finished, does nothing). A video
   * that is not usable ends it `failed` with 80009; any other failure gives it back to the queue
   * while runs are left, and is rethrown so the queue tries again.
   */
  async run(importId: number): Promise<{ importId: number; outcome: string }> {
    return this.transcodes.run(async () => {
      const claimed = await this.repo.claim(importId, this.deps.clock());
      if (!claimed) return { importId, outcome: 'not queued' };
      return this.runClaimed(claimed);
    });
  }

  private async runClaimed(row: EpisodeImportRow): Promise<{ importId: number; outcome: string }> {
    const attempt = row.attempts;
    const progress = this.progressWriter(row.id, attempt);
    const workDir = await mkdtemp(join(tmpdir(), 'cliffhanger-episode-import-'));
    let stored: PreparedEpisode | undefined;
    let committing = false;
    // With S3 staging a copy in this process's own folder, deleted however the run ends.
    let source: StagedFile | undefined;
    try {
      source = await this.deps.staging.localFile(row.uploadId);
      if (!source) {
        throw new ImportRefusal(
          Code.EPISODE_UPLOAD_EXPIRED,
          'The uploaded file is no longer staged (expired, or on another machine): send it again',
        );
      }
      const checked = await checkSourceVideo(source.path, this.deps.tools);
      if ('problem' in checked)
        throw new ImportRefusal(Code.EPISODE_SOURCE_INVALID, `${row.filename}: ${checked.problem}`);
      const slug = await this.repo.dramaSlug(row.dramaId);
      if (slug === undefined) throw new ImportRefusal(Code.NOT_FOUND, `Drama ${row.dramaId} was deleted`);

      progress.report('transcoding', 0);
      const planned = {
        number: row.episodeNumber,
        title: defaultTitle(row.episodeNumber),
        input: checked.input,
        subtitles: {},
      };
      try {
        stored = await importEpisode(
          slug,
          planned,
          { media: this.deps.media, tools: this.deps.tools, workDir },
          (step, fraction) => progress.report(step, fraction),
        );
      } catch (error) {
        // ffprobe read it, but ffmpeg could not make the ladder of it: still the video's fault.
        if (error instanceof TranscodeError) throw new ImportRefusal(Code.EPISODE_SOURCE_INVALID, errorMessage(error));
        throw error;
      }
      await progress.flush();
      committing = true;
      const episode = stored;
      const switched = await this.commit(row, attempt, episode);
      if (!switched) return { importId: row.id, outcome: 'taken by another run' };
      await this.deps.catalogChanges.publish().catch((error: unknown) => {
        this.deps.log.warn({ err: error, importId: row.id }, 'could not announce a catalogue change');
      });
      if (switched.previous) {
        await deleteReplacedEpisode(
          this.deps.media,
          switched.previous,
          { mediaDir: episode.mediaDir, subtitles: switched.previous.subtitles },
          (message) => this.deps.log.warn({ importId: row.id }, message),
        );
        await this.deps.edgePurges.request([switched.previous.mediaDir]);
      }
      await this.deps.staging.remove(row.uploadId);
      return { importId: row.id, outcome: 'ready' };
    } catch (error) {
      await progress.stop();
      const now = this.deps.clock();
      if (error instanceof ImportRefusal) {
        await this.repo.fail(row.id, attempt, { code: error.code, message: error.message }, now);
        if (stored) await this.forget(stored, row.id);
        await this.deps.staging.remove(row.uploadId);
        return { importId: row.id, outcome: 'failed' };
      }
      const message = errorMessage(error);
      if (attempt < IMPORT_MAX_ATTEMPTS) {
        // Stored media stays: the next run finds it complete and skips the transcode.
        await this.repo.requeue(row.id, attempt, message, now);
      } else {
        await this.repo.fail(row.id, attempt, { code: Code.INTERNAL_ERROR, message }, now);
        if (stored && !committing) await this.forget(stored, row.id);
        await this.deps.staging.remove(row.uploadId);
      }
      throw error;
    } finally {
      await progress.stop();
      await source?.release();
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The import's one transaction: under the drama's row lock (the console's changes to a drama
   * take turns), the episode is inserted, or the existing one switched to the new media, with the
   * audit entry and the import `ready`. Null when the row is no longer this run's.
   */
  private async commit(
    row: EpisodeImportRow,
    attempt: number,
    episode: PreparedEpisode,
  ): Promise<{ previous: Pick<EpisodeRow, 'mediaDir' | 'subtitles'> | undefined } | null> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock();
      if (!(await this.repo.lockOwned(row.id, attempt, tx))) return null;
      if (!(await this.repo.lockDrama(row.dramaId, now, tx)))
        throw new ImportRefusal(Code.NOT_FOUND, 'The drama was deleted');
      const current = await this.repo.findEpisodeForUpdate(row.dramaId, row.episodeNumber, tx);
      const media = { mediaDir: episode.mediaDir, durationS: episode.durationS };
      let episodeId: number;
      if (current) {
        await this.repo.setEpisodeMedia(current.id, media, tx);
        episodeId = current.id;
      } else {
        episodeId = (
          await this.repo.insertEpisode(
            {
              dramaId: row.dramaId,
              number: row.episodeNumber,
              title: defaultTitle(row.episodeNumber),
              ...media,
              subtitles: {},
            },
            tx,
          )
        ).id;
      }
      await this.audit.insert(
        {
          operatorId: row.operatorId,
          at: now,
          action: 'episode.import',
          target: `drama:${row.dramaId}`,
          before: current
            ? {
                episode: current.number,
                episode_id: current.id,
                media_dir: current.mediaDir,
                duration_s: current.durationS,
              }
            : null,
          after: {
            episode: row.episodeNumber,
            episode_id: episodeId,
            media_dir: media.mediaDir,
            duration_s: media.durationS,
          },
          reason: `upload ${row.uploadId}: ${row.filename}`,
        },
        tx,
      );
      await this.repo.markReady(row.id, episodeId, current !== undefined, now, tx);
      // A new episode (not new media for one viewers had) tells its drama's followers, once committed.
      if (!current) afterCommit(tx, () => this.announceEpisode(episodeId));
      return { previous: current && current.mediaDir !== media.mediaDir ? current : undefined };
    });
  }

  private announceEpisode(episodeId: number): void {
    this.deps.jobs.send(JOB.pushNewEpisode, { episodeId }).catch((error: unknown) => {
      this.deps.log.warn({ err: error, episodeId }, 'new-episode notification was not queued');
    });
  }

  /** Media this run stored for an import that will never use it. */
  private async forget(stored: PreparedEpisode, importId: number): Promise<void> {
    await deleteStoredEpisode(this.deps.media, stored, (message) => this.deps.log.warn({ importId }, message));
  }

  /**
   * Writes a run's step and percent as it goes: at most once a second, and at least every
   * HEARTBEAT_S, so a silent row means a dead run. Writes are chained, never overlapping.
   */
  private progressWriter(id: number, attempt: number) {
    let state: EpisodeImportStateValue = 'probing';
    let percent = 0;
    let lastWrite = 0;
    let written = '';
    let chain: Promise<unknown> = Promise.resolve();
    const write = () => {
      const key = `${state}:${percent}`;
      lastWrite = Date.now();
      chain = chain
        .then(() => this.repo.progress(id, attempt, state, percent, this.deps.clock()))
        .then(() => (written = key))
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error, importId: id }, 'could not record import progress'),
        );
    };
    const heartbeat = setInterval(write, HEARTBEAT_S * 1000);
    heartbeat.unref();
    return {
      report: (step: EpisodeImportStateValue, fraction: number) => {
        const nextPercent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
        const stepChanged = step !== state;
        state = step;
        percent = nextPercent;
        if (stepChanged || (`${state}:${percent}` !== written && Date.now() - lastWrite >= PROGRESS_WRITE_MS)) write();
      },
      flush: async () => {
        write();
        await chain;
      },
      stop: async () => {
        clearInterval(heartbeat);
        await chain;
      },
    };
  }

  /**
   * The `episode-upload-sweep` job, every few minutes: an upload left unfinished past its
   * 24 hours is deleted and its row fails with 80010; one whose bytes are all in but that was never
   * queued (its process died between the two) is queued; a run silent for STALE_RUNNING_S lost
   * its process and is given to a new run, or failed once its runs are used up; a queued import no
   * job took for STALE_QUEUED_S gets its job again; staged files nobody's upload owns are deleted
   * after 24 hours.
   */
  async sweep(): Promise<Record<string, number>> {
    const now = this.deps.clock();
    const counts = { expired: 0, queued: 0, requeued: 0, failed: 0, resent: 0, orphans: 0 };
    const expiry = addSeconds(now, -EPISODE_UPLOAD_EXPIRY_HOURS * 3600);
    for (const row of await this.repo.listUnfinished()) {
      const idleS = (now.getTime() - row.updatedAt.getTime()) / 1000;
      if (row.state === 'uploading') {
        const staged = await this.deps.staging.find(row.uploadId);
        if (staged && isComplete(staged) && idleS >= LOST_FINISH_S) {
          await this.uploadFinished(row.uploadId);
          counts.queued += 1;
        } else if (row.createdAt < expiry) {
          await this.repo.fail(
            row.id,
            undefined,
            { code: Code.EPISODE_UPLOAD_EXPIRED, message: `Unfinished after ${EPISODE_UPLOAD_EXPIRY_HOURS} hours` },
            now,
          );
          await this.deps.staging.remove(row.uploadId);
          counts.expired += 1;
        }
      } else if (RUNNING_STATES.includes(row.state) && idleS >= STALE_RUNNING_S) {
        const message = `The run stopped reporting (its process died?) during ${row.state}`;
        if (row.attempts < IMPORT_MAX_ATTEMPTS) {
          if (await this.repo.requeue(row.id, row.attempts, message, now)) {
            await this.deps.jobs.send(JOB.episodeImport, { importId: row.id });
            counts.requeued += 1;
          }
        } else if (await this.repo.fail(row.id, row.attempts, { code: Code.INTERNAL_ERROR, message }, now)) {
          await this.deps.staging.remove(row.uploadId);
          counts.failed += 1;
        }
      } else if (row.state === 'queued' && idleS >= STALE_QUEUED_S) {
        await this.repo.touch(row.id, 'queued', now);
        await this.deps.jobs.send(JOB.episodeImport, { importId: row.id });
        counts.resent += 1;
      }
    }
    counts.orphans = await this.removeOrphans(expiry);
    if (Object.values(counts).some((n) => n > 0)) this.deps.log.info({ ...counts }, 'episode upload sweep');
    return counts;
  }

  /** Staged uploads older than `before` whose row is finished or missing (a crash between the two). */
  private async removeOrphans(before: Date): Promise<number> {
    const ids = await this.deps.staging.list();
    const owners = new Map((await this.repo.findByUploadIds(ids)).map((row) => [row.uploadId, row]));
    let removed = 0;
    for (const id of ids) {
      const owner = owners.get(id);
      if (owner && owner.state !== 'ready' && owner.state !== 'failed') continue;
      const staged = await this.deps.staging.find(id);
      if (staged?.createdAt && staged.createdAt >= before) continue;
      await this.deps.staging.remove(id);
      removed += 1;
    }
    return removed;
  }
}

function isComplete(staged: StagedUpload): boolean {
  return staged.size !== undefined && staged.offset === staged.size;
}
