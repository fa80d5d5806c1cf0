import { Code, type Home, type Language } from '@cliffhanger/contract';
import { EDITORIAL_CANDIDATES_LIMIT, type Editorial, type EditorialDrama } from '@cliffhanger/contract/console';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import {
  EditorialRepository,
  type EditorialDramaRow,
  type EditorialList,
} from '../../repositories/editorial.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { dramaStatusOf } from './catalogue-view.js';

export interface EditorialServiceDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  mediaBaseUrl: string;
  /** Told after each change, so every process drops its cached home. */
  changes: CatalogChanges;
  /** The viewers' home, which the preview shows as it is. */
  home: Pick<CatalogService, 'getHome'>;
}

const AUDIT_ACTION: Record<EditorialList, string> = { banners: 'editorial.banners', shelf: 'editorial.shelf' };

/**
 * The banner carousel and the recommended shelf of home (docs/console.md#editorial). A list is
 * replaced as a whole: the order given is the order shown, a drama left out leaves the list.
 */
export class EditorialService {
  private readonly editorial: EditorialRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(private readonly deps: EditorialServiceDeps) {
    this.editorial = new EditorialRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  async current(): Promise<Editorial> {
    const [banners, shelf] = await Promise.all([
      this.editorial.listPlaced('banners'),
      this.editorial.listPlaced('shelf'),
    ]);
    const now = this.deps.clock();
    return { banners: banners.map((row) => this.view(row, now)), shelf: shelf.map((row) => this.view(row, now)) };
  }

  /** Dramas to add, by a piece of their title; the newest when `q` is empty. Unreleased ones too. */
  async candidates(q: string | undefined): Promise<EditorialDrama[]> {
    const rows = await this.editorial.search(q, EDITORIAL_CANDIDATES_LIMIT);
    const now = this.deps.clock();
    return rows.map((row) => this.view(row, now));
  }

  /**
   * Replaces a list with `ids` (the contract bounds its length and refuses repeats), audited in
   * the same transaction. Every id must be a drama; a banner needs a banner image. Saving the
   * order already there changes and records nothing.
   */
  async setOrder(list: EditorialList, ids: readonly number[], operatorId: number, reason: string): Promise<Editorial> {
    const changed = await this.deps.db.transaction(async (tx) => {
      await this.editorial.lock(list, tx);
      const found = await this.editorial.findByIds(ids, tx);
      const unknown = ids.filter((id) => !found.some((row) => row.id === id));
      if (unknown.length > 0) {
        throw new AppError(Code.NOT_FOUND, `No drama with id ${unknown.join(', ')}`, { ids: unknown });
      }
      const bare = list === 'banners' ? found.filter((row) => row.banner === '').map((row) => row.id) : [];
      if (bare.length > 0) {
        throw new AppError(
          Code.EDITORIAL_BANNER_IMAGE_MISSING,
          `Drama ${bare.join(', ')} has no banner image; give it one before placing it on the carousel`,
          { ids: bare },
        );
      }
      const before = (await this.editorial.listPlaced(list, tx)).map((row) => row.id);
      if (before.length === ids.length && before.every((id, i) => id === ids[i])) return false;
      await this.editorial.place(list, ids, tx);
      await this.audit.insert(
        {
          operatorId,
          at: this.deps.clock(),
          action: AUDIT_ACTION[list],
          target: `home:${list}`,
          before,
          after: [...ids],
          reason,
        },
        tx,
      );
      return true;
    });
    if (changed) await this.announce();
    return this.current();
  }

  /** Home exactly as the viewers' GET /home builds it for `lang`, read now rather than from the cache. */
  preview(lang: Language): Promise<Home> {
    return this.deps.home.getHome(lang);
  }

  /**
   * The change has committed whatever happens here: a Redis that does not answer must not turn
   * it into an error. This process has already dropped its cache; the others catch up within the
   * public answers' few seconds of life.
   */
  private async announce(): Promise<void> {
    try {
      await this.deps.changes.publish();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'editorial change saved, but other processes could not be told');
    }
  }

  private view(row: EditorialDramaRow, now: Date): EditorialDrama {
    const { mediaBaseUrl } = this.deps;
    return {
      id: row.id,
      title: row.title.en,
      poster: publicMediaUrl(mediaBaseUrl, row.poster),
      banner: row.banner === '' ? null : publicMediaUrl(mediaBaseUrl, row.banner),
      status: dramaStatusOf(row.publishedAt, now),
      published_at: row.publishedAt?.toISOString() ?? null,
    };
  }
}
