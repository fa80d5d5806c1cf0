import { Code, type Page } from '@cliffhanger/contract';
import {
  SCHEDULE_MAX_DAYS,
  type ConsoleDrama,
  type ConsoleDramaRow,
  type consoleCreateDrama,
  type consoleListDramas,
  type consoleSetDramaPricing,
  type consoleUpdateDrama,
} from '@cliffhanger/contract/console';
import type { z } from 'zod';
import type { DramaRow } from '../../db/catalog.schema.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { EdgePurges } from '../../media/purge/edge-purges.js';
import { dramaScope } from '../../media/purge/purge-scope.js';
import { dramaStatusOf, isMediaReady, toConsoleDramaRow } from './catalogue-view.js';
import { changedFields, invalidField, type DramaChangeResult, type DramaChanges } from './drama-changes.js';
import { firstFreeSlug, slugBase } from './drama-slug.js';

type ListQuery = z.output<NonNullable<(typeof consoleListDramas)['query']>>;
type CreateBody = z.output<NonNullable<(typeof consoleCreateDrama)['body']>>;
type UpdateBody = z.output<NonNullable<(typeof consoleUpdateDrama)['body']>>;
type PricingBody = z.output<NonNullable<(typeof consoleSetDramaPricing)['body']>>;

/** Two editors creating dramas of the same title at once: the loser picks the next free slug. */
const SLUG_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

export interface ConsoleCatalogueServiceDeps {
  db: Db;
  clock: Clock;
  dramas: DramaChanges;
  mediaBaseUrl: string;
  /** Tells the CDN to drop a drama viewers no longer see. */
  edgePurges: Pick<EdgePurges, 'request'>;
}

/** What a drama must have before viewers may see it: something to show on a card and something to play. */
async function assertReadyToRelease(dramas: DramaChanges, tx: Db, drama: DramaRow): Promise<void> {
  const missing: string[] = [];
  if (drama.poster === '') missing.push('poster');
  const episodes = await dramas.repo.episodesOf(drama.id, tx);
  if (!episodes.some(isMediaReady)) missing.push('episodes');
  if (missing.length > 0) {
    throw new AppError(Code.DRAMA_NOT_READY, `The drama has no ${missing.join(' and no ')} yet`, { missing });
  }
}

function releaseChange(drama: DramaRow, publishedAt: Date | null): DramaChangeResult {
  return {
    before: { published_at: drama.publishedAt?.toISOString() ?? null },
    after: { published_at: publishedAt?.toISOString() ?? null },
  };
}

/**
 * A release change that hides a drama viewers could see (unpublished, or scheduled again for
 * later): once committed, the CDN drops all of its episodes, which the origin no longer serves.
 */
function hidingChange(
  edgePurges: Pick<EdgePurges, 'request'>,
  drama: DramaRow,
  publishedAt: Date | null,
  now: Date,
): DramaChangeResult {
  const change = releaseChange(drama, publishedAt);
  if (dramaStatusOf(drama.publishedAt, now) !== 'published') return change;
  return { ...change, afterCommit: () => edgePurges.request([dramaScope(drama.slug)]) };
}

/**
 * The console's dramas: the list, one drama, creating and editing one, its prices and its release
 * (docs/console.md#catalogue). Episodes and artwork have services of their own; all three change
 * a drama through DramaChanges.
 */
export class ConsoleCatalogueService {
  constructor(private readonly deps: ConsoleCatalogueServiceDeps) {}

  async list(query: ListQuery): Promise<Page<ConsoleDramaRow>> {
    const now = this.deps.clock();
    const { rows, total } = await this.deps.dramas.repo.search({
      q: query.q,
      status: query.status,
      tag: query.tag,
      sort: query.sort,
      order: query.order ?? (query.sort === 'title' ? 'asc' : 'desc'),
      now,
      offset: (query.page - 1) * query.size,
      limit: query.size,
    });
    return {
      list: rows.map((row) => toConsoleDramaRow(row.drama, row.episodeCount, now, this.deps.mediaBaseUrl)),
      page: query.page,
      size: query.size,
      total,
      has_more: query.page * query.size < total,
    };
  }

  tags(): Promise<string[]> {
    return this.deps.dramas.repo.tags();
  }

  get(dramaId: number): Promise<ConsoleDrama> {
    return this.deps.dramas.read(dramaId);
  }

  /** A new drama, not published, its slug made from the English title. */
  async create(operatorId: number, body: CreateBody): Promise<ConsoleDrama> {
    const { dramas, db, clock } = this.deps;
    const base = slugBase(body.title.en);
    for (let attempt = 1; ; attempt += 1) {
      const now = clock();
      try {
        const id = await db.transaction(async (tx) => {
          const slug = firstFreeSlug(base, await dramas.repo.slugsLike(base, tx));
          const row = await dramas.repo.insert(
            {
              slug,
              title: body.title,
              synopsis: body.synopsis,
              // Lower-case English, as the import keeps it for the A-to-Z sort.
              sortTitle: body.title.en.toLowerCase(),
              poster: '',
              banner: '',
              tags: body.tags,
              genres: body.genres,
              freeEpisodes: body.free_episodes,
              episodePrice: body.episode_price,
              allPrice: body.all_price,
              publishedAt: null,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          const { reason, ...fields } = body;
          await dramas.record(
            tx,
            { operatorId, dramaId: row.id, action: 'drama.create', reason },
            null,
            { slug, ...fields, published_at: null },
            now,
          );
          return row.id;
        });
        await dramas.announce();
        return await dramas.read(id);
      } catch (error) {
        if (attempt < SLUG_ATTEMPTS && isUniqueViolation(error, 'dramas_slug_unique')) continue;
        throw error;
      }
    }
  }

  /** Titles, synopses, tags, genres: those sent replace what the drama has. */
  update(operatorId: number, dramaId: number, body: UpdateBody): Promise<ConsoleDrama> {
    const { reason, ...fields } = body;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'drama.update', reason }, async (tx, drama) => {
      const change = changedFields(
        { title: drama.title, synopsis: drama.synopsis, tags: drama.tags, genres: drama.genres },
        { title: fields.title, synopsis: fields.synopsis, tags: fields.tags, genres: fields.genres },
      );
      if (change === null) return null;
      await this.deps.dramas.repo.update(
        dramaId,
        {
          ...(fields.title ? { title: fields.title, sortTitle: fields.title.en.toLowerCase() } : {}),
          ...(fields.synopsis ? { synopsis: fields.synopsis } : {}),
          ...(fields.tags ? { tags: fields.tags } : {}),
          ...(fields.genres ? { genres: fields.genres } : {}),
        },
        tx,
      );
      return change;
    });
  }

  setPricing(operatorId: number, dramaId: number, body: PricingBody): Promise<ConsoleDrama> {
    const { reason, ...pricing } = body;
    return this.deps.dramas.apply({ operatorId, dramaId, action: 'drama.price', reason }, async (tx, drama) => {
      const change = changedFields(
        { free_episodes: drama.freeEpisodes, episode_price: drama.episodePrice, all_price: drama.allPrice },
        pricing,
      );
      if (change === null) return null;
      await this.deps.dramas.repo.update(
        dramaId,
        { freeEpisodes: pricing.free_episodes, episodePrice: pricing.episode_price, allPrice: pricing.all_price },
        tx,
      );
      return change;
    });
  }

  /** Viewers see it from now; one already published keeps its release time. */
  publish(operatorId: number, dramaId: number, reason: string | undefined): Promise<ConsoleDrama> {
    const { dramas } = this.deps;
    return dramas.apply({ operatorId, dramaId, action: 'drama.publish', reason }, async (tx, drama, now) => {
      if (dramaStatusOf(drama.publishedAt, now) === 'published') return null;
      await assertReadyToRelease(dramas, tx, drama);
      await dramas.repo.update(dramaId, { publishedAt: now }, tx);
      return releaseChange(drama, now);
    });
  }

  /** Hidden from viewers, a scheduled release cancelled. */
  unpublish(operatorId: number, dramaId: number, reason: string | undefined): Promise<ConsoleDrama> {
    const { dramas } = this.deps;
    return dramas.apply({ operatorId, dramaId, action: 'drama.unpublish', reason }, async (tx, drama, now) => {
      if (drama.publishedAt === null) return null;
      await dramas.repo.update(dramaId, { publishedAt: null }, tx);
      return hidingChange(this.deps.edgePurges, drama, null, now);
    });
  }

  /** Released at `at`, a time to come; until then viewers do not see it (even if they did before). */
  schedule(operatorId: number, dramaId: number, at: Date, reason: string | undefined): Promise<ConsoleDrama> {
    const { dramas } = this.deps;
    return dramas.apply({ operatorId, dramaId, action: 'drama.schedule', reason }, async (tx, drama, now) => {
      if (at.getTime() <= now.getTime()) throw invalidField('body.published_at', 'must be in the future');
      if (at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS) {
        throw invalidField('body.published_at', `must be within ${SCHEDULE_MAX_DAYS} days`);
      }
      if (drama.publishedAt?.getTime() === at.getTime()) return null;
      await assertReadyToRelease(dramas, tx, drama);
      await dramas.repo.update(dramaId, { publishedAt: at }, tx);
      return hidingChange(this.deps.edgePurges, drama, at, now);
    });
  }
}
