import { Code } from '@cliffhanger/contract';
import type { ConsoleDrama } from '@cliffhanger/contract/console';
import type { FastifyBaseLogger } from 'fastify';
import type { DramaRow } from '../../db/catalog.schema.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { ConsoleCatalogueRepository } from '../../repositories/console-catalogue.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { toConsoleDrama } from './catalogue-view.js';

export interface DramaChangesDeps {
  db: Db;
  clock: Clock;
  catalogChanges: Pick<CatalogChanges, 'publish'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  mediaBaseUrl: string;
}

/** Who changes which drama, and what the audit log calls it (`drama.price`). */
export interface DramaChangeRequest {
  operatorId: number;
  dramaId: number;
  action: string;
  reason?: string | undefined;
}

/** What a change did: the changed fields before and after (the audit entry), and work for after the commit. */
export interface DramaChangeResult {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Runs once the change has committed (deleting files the drama no longer uses); best effort. */
  afterCommit?: () => Promise<void>;
}

/** The fields of `next` whose values differ from `current`'s, as the audit log's before and after. */
export function changedFields(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (value === undefined || JSON.stringify(value) === JSON.stringify(current[field])) continue;
    before[field] = current[field] ?? null;
    after[field] = value;
  }
  return Object.keys(after).length === 0 ? null : { before, after };
}

export function invalidField(field: string, message: string): AppError {
  return new AppError(Code.INVALID_INPUT, 'Invalid input', { fields: [{ field, message }] });
}

export function dramaNotFound(id: number): AppError {
  return new AppError(Code.NOT_FOUND, `No drama ${id}`);
}

/**
 * The one way the console changes a drama: in a transaction that holds the drama's row lock (so
 * two editors' changes to one drama take turns), with the audit entry in the same transaction,
 * and, once committed, "the catalogue changed" for every process's viewer caches. Answers the
 * drama as it now is.
 */
export class DramaChanges {
  readonly repo: ConsoleCatalogueRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(private readonly deps: DramaChangesDeps) {
    this.repo = new ConsoleCatalogueRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  async read(dramaId: number): Promise<ConsoleDrama> {
    const drama = await this.repo.findById(dramaId);
    if (!drama) throw dramaNotFound(dramaId);
    const episodes = await this.repo.episodesOf(dramaId);
    return toConsoleDrama(drama, episodes, this.deps.clock(), this.deps.mediaBaseUrl);
  }

  /**
   * Runs `change` on the locked drama. A change that returns null changed nothing: no audit entry,
   * no announcement, the drama as it is.
   */
  async apply(
    request: DramaChangeRequest,
    change: (tx: Db, drama: DramaRow, now: Date) => Promise<DramaChangeResult | null>,
  ): Promise<ConsoleDrama> {
    const now = this.deps.clock();
    const result = await this.deps.db.transaction(async (tx) => {
      const drama = await this.repo.findByIdForUpdate(request.dramaId, tx);
      if (!drama) throw dramaNotFound(request.dramaId);
      const done = await change(tx, drama, now);
      if (done === null) return null;
      await this.repo.update(request.dramaId, { updatedAt: now }, tx);
      await this.record(tx, request, done.before, done.after, now);
      return done;
    });
    if (result !== null) {
      await this.announce();
      await result
        .afterCommit?.()
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error, dramaId: request.dramaId }, 'could not delete media a drama no longer uses'),
        );
    }
    return this.read(request.dramaId);
  }

  /** Appends the audit entry for `request` inside `tx`. */
  async record(
    tx: Db,
    request: DramaChangeRequest,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    at: Date,
  ): Promise<void> {
    await this.audit.insert(
      {
        operatorId: request.operatorId,
        at,
        action: request.action,
        target: `drama:${request.dramaId}`,
        before,
        after,
        reason: request.reason ?? '',
      },
      tx,
    );
  }

  /**
   * Tells every process's viewer caches. The change has committed whatever happens here: a Redis
   * that does not answer leaves other processes a cache lifetime (seconds) behind, which is no
   * reason to tell the editor the change failed.
   */
  async announce(): Promise<void> {
    await this.deps.catalogChanges.publish().catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'could not announce a catalogue change');
    });
  }
}
