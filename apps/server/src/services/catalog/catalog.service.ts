import {
  Code,
  type dramaListQuerySchema,
  envelopeSchema,
  getHome as getHomeEndpoint,
  listDramas as listDramasEndpoint,
  type Banner,
  type DramaCard,
  type Home,
  type Language,
  type Page,
} from '@cliffhanger/contract';
import type { z } from 'zod';
import { AppError, ok } from '../../http/envelope.js';
import { PreparedAnswer, PrivateAnswer } from '../../http/prepared-answer.js';
import type { Clock } from '../../lib/clock.js';
import type { DramaOrder, DramasRepository, DramaWithCount } from '../../repositories/dramas.repository.js';
import type { EpisodesRepository } from '../../repositories/episodes.repository.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { toDramaCard } from './drama-card.js';
import { DramaPageJson } from './drama-page-json.js';
import { localise } from './localise.js';
import { pageFrom, sliceOf } from '../social/page.js';
import type { PublicAnswerCache } from './public-answer-cache.js';
import { VISITOR_IN_DRAMA, type ViewerLoader } from './viewer.js';

/** Dramas per home shelf. */
const SHELF_SIZE = 10;
/** Banners shown when none is ranked by the editors: the most played. */
const FALLBACK_BANNERS = 5;

export interface CatalogServiceDeps {
  dramas: DramasRepository;
  episodes: EpisodesRepository;
  viewers: ViewerLoader;
  mediaBaseUrl: string;
  /** Viewers see only dramas released by the app's now (drama-release.ts). */
  clock: Clock;
  /**
   * Public answers and a drama's public part; cleared on catalogue change (catalog-changes.ts) and
   * when a scheduled release comes.
   */
  cache: PublicAnswerCache;
  /** Seconds a shared cache may keep a public answer: the same bound as the in-memory TTL. */
  publicMaxAgeS: number;
}

export type DramaListQuery = Omit<z.output<typeof dramaListQuerySchema>, 'lang'>;

/**
 * Home, the browse list and a drama's page (docs/architecture.md#catalogue-and-unlocking), of released
 * dramas only: a draft, unpublished or scheduled drama is on no shelf and its page is Code.NOT_FOUND.
 */
export class CatalogService {
  constructor(private readonly deps: CatalogServiceDeps) {}

  /** Home as ready-to-send bytes, from memory while the catalogue is unchanged. */
  homeAnswer(lang: Language): Promise<PreparedAnswer> {
    return this.deps.cache.get(`home:${lang}`, async () =>
      this.prepare(getHomeEndpoint.data, await this.getHome(lang)),
    );
  }

  /** A list page as ready-to-send bytes; every (sort, genre, q, page, size, lang) is its own entry. */
  dramasAnswer(query: DramaListQuery, lang: Language): Promise<PreparedAnswer> {
    const key = `dramas:${lang}:${query.sort}:${query.genre ?? ''}:${query.page}:${query.size}:${query.q ?? ''}`;
    return this.deps.cache.get(key, async () =>
      this.prepare(listDramasEndpoint.data, await this.listDramas(query, lang)),
    );
  }

  /**
   * A visitor's drama page as bytes: a visitor holds nothing, so the whole answer is public.
   * A signed-in viewer gets `viewerDramaAnswer` instead, with their own facts read fresh.
   */
  visitorDramaAnswer(id: number, lang: Language): Promise<PreparedAnswer> {
    // `no-cache`: the same URL answers a signed-in viewer with their locks, so a browser must not
    // reuse a visitor's copy after signing in; it still revalidates cheaply by ETag.
    return this.deps.cache.get(`drama-visitor:${id}:${lang}`, async () => {
      const page = await this.dramaPage(id, lang);
      if (!page) throw new AppError(Code.NOT_FOUND, 'Drama not found');
      return new PreparedAnswer(page.json.forViewer(VISITOR_IN_DRAMA), 'no-cache');
    });
  }

  /**
   * A drama's page for the holder of a session token, with their facts read fresh (never cached,
   * docs/architecture.md#delivery) onto the cached public part. The token is resolved in the same statement
   * as the facts; its session-invalid codes come before a missing drama's Code.NOT_FOUND, as on any signed-in
   * route.
   */
  async viewerDramaAnswer(id: number, token: string, lang: Language): Promise<PrivateAnswer> {
    const page = await this.dramaPage(id, lang);
    if (!page) {
      await this.deps.viewers.assertSession(token);
      throw new AppError(Code.NOT_FOUND, 'Drama not found');
    }
    const own = await this.deps.viewers.inDrama(token, { id, episodeIds: page.episodeIds });
    return new PrivateAnswer(page.json.forViewer(own));
  }

  async getHome(lang: Language): Promise<Home> {
    const { dramas } = this.deps;
    const now = this.deps.clock();
    // Editorial ranks first; an unranked catalogue still shows a full home.
    const ranked = async (order: DramaOrder, fallback: DramaOrder, fallbackSize: number) => {
      const rows = await dramas.listOrdered(order, SHELF_SIZE, now);
      return rows.length > 0 ? rows : dramas.listOrdered(fallback, fallbackSize, now);
    };
    const [banners, recommended, hot, latest] = await Promise.all([
      ranked('banner', 'hits', FALLBACK_BANNERS),
      ranked('recommend', 'likes', SHELF_SIZE),
      dramas.listOrdered('hits', SHELF_SIZE, now),
      dramas.listOrdered('latest', SHELF_SIZE, now),
    ]);
    return {
      banners: banners.map((row) => this.toBanner(row, lang)),
      recommended: this.toCards(recommended, lang),
      hot: this.toCards(hot, lang),
      latest: this.toCards(latest, lang),
    };
  }

  async listDramas(query: DramaListQuery, lang: Language): Promise<Page<DramaCard>> {
    const { rows, total } = await this.deps.dramas.search(
      { sort: query.sort, q: query.q, genre: query.genre, ...sliceOf(query) },
      this.deps.clock(),
    );
    return pageFrom(this.toCards(rows, lang), total, query);
  }

  /**
   * A drama's page in serialised pieces for `lang`, kept while the catalogue is unchanged; null for
   * an unknown or unreleased drama.
   */
  private dramaPage(id: number, lang: Language): Promise<{ json: DramaPageJson; episodeIds: number[] } | null> {
    return this.deps.cache.get(`drama-page:${id}:${lang}`, async () => {
      const [drama, episodes] = await Promise.all([
        this.deps.dramas.findReleased(id, this.deps.clock()),
        this.deps.episodes.listByDrama(id),
      ]);
      if (!drama) return null;
      return {
        json: DramaPageJson.build(drama, episodes, lang, this.deps.mediaBaseUrl),
        episodeIds: episodes.map((episode) => episode.id),
      };
    });
  }

  /** Serialised through the endpoint's own schema, as the route's serialiser would. */
  private prepare<D extends z.ZodType>(data: D, value: z.output<D>, cacheControl?: string): PreparedAnswer {
    const json = JSON.stringify(envelopeSchema(data).encode(ok(value)));
    return new PreparedAnswer(json, cacheControl ?? `public, max-age=${this.deps.publicMaxAgeS}`);
  }

  private toCards(rows: DramaWithCount[], lang: Language): DramaCard[] {
    return rows.map((row) => toDramaCard(row.drama, row.episodeCount, lang, this.deps.mediaBaseUrl));
  }

  private toBanner({ drama }: DramaWithCount, lang: Language): Banner {
    return {
      drama_id: drama.id,
      title: localise(drama.title, lang),
      // A drama imported without a banner still gets a picture in the carousel.
      image: publicMediaUrl(this.deps.mediaBaseUrl, drama.banner || drama.poster),
    };
  }
}
