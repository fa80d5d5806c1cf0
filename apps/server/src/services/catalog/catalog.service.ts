import {
  Code,
  type Banner,
  type DramaCard,
  type DramaDetail,
  type DramaSort,
  type Home,
  type Language,
  type Page,
} from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';
import type { DramaViewerRepository } from '../../repositories/drama-viewer.repository.js';
import type { DramaOrder, DramasRepository, DramaWithCount } from '../../repositories/dramas.repository.js';
import type { EpisodesRepository } from '../../repositories/episodes.repository.js';
import { publicMediaUrl } from '../media/public-url.js';
import { toDramaCard } from './drama-card.js';
import { lockedEpisodes, unlockPrices } from './entitlement.js';
import { toEpisodeSummary } from './episode-summary.js';
import { localise } from './localise.js';
import type { ViewerLoader } from './viewer.js';

/** Dramas per home shelf. */
export const SHELF_SIZE = 10;
/** Banners shown when none is ranked by the editors: the most played. */
export const FALLBACK_BANNERS = 5;

export interface CatalogServiceDeps {
  dramas: DramasRepository;
  episodes: EpisodesRepository;
  dramaViewer: DramaViewerRepository;
  viewers: ViewerLoader;
  mediaBaseUrl: string;
}

export interface DramaListQuery {
  sort: DramaSort;
  q?: string | undefined;
  page: number;
  size: number;
}

/** Home, the browse list and a drama's page (DESIGN §7). */
export class CatalogService {
  constructor(private readonly deps: CatalogServiceDeps) {}

  async getHome(lang: Language): Promise<Home> {
    const { dramas } = this.deps;
    // Editorial ranks first; an unranked catalogue still shows a full home.
    const ranked = async (order: DramaOrder, fallback: DramaOrder, fallbackSize: number) => {
      const rows = await dramas.listOrdered(order, SHELF_SIZE);
      return rows.length > 0 ? rows : dramas.listOrdered(fallback, fallbackSize);
    };
    const [banners, recommended, hot, latest] = await Promise.all([
      ranked('banner', 'hits', FALLBACK_BANNERS),
      ranked('recommend', 'likes', SHELF_SIZE),
      dramas.listOrdered('hits', SHELF_SIZE),
      dramas.listOrdered('latest', SHELF_SIZE),
    ]);
    return {
      banners: banners.map((row) => this.toBanner(row, lang)),
      recommended: this.toCards(recommended, lang),
      hot: this.toCards(hot, lang),
      latest: this.toCards(latest, lang),
    };
  }

  async listDramas(query: DramaListQuery, lang: Language): Promise<Page<DramaCard>> {
    const { rows, total } = await this.deps.dramas.search({
      sort: query.sort,
      q: query.q,
      offset: (query.page - 1) * query.size,
      limit: query.size,
    });
    return {
      list: this.toCards(rows, lang),
      page: query.page,
      size: query.size,
      total,
      has_more: query.page * query.size < total,
    };
  }

  async getDrama(id: number, userId: number | null, lang: Language): Promise<DramaDetail> {
    const drama = await this.deps.dramas.findById(id);
    if (!drama) throw new AppError(Code.NOT_FOUND, 'Drama not found');
    const { viewers, dramaViewer } = this.deps;
    const viewer = await viewers.load(userId);
    const [episodes, entitlement, favorited, progress] = await Promise.all([
      this.deps.episodes.listByDrama(id),
      viewers.entitlement(viewer, id),
      viewer.userId === null ? false : dramaViewer.isFavorited(viewer.userId, id),
      viewer.userId === null ? undefined : dramaViewer.progress(viewer.userId, id),
    ]);
    return {
      ...toDramaCard(drama, episodes.length, lang, this.deps.mediaBaseUrl),
      synopsis: localise(drama.synopsis, lang),
      banner: publicMediaUrl(this.deps.mediaBaseUrl, drama.banner || drama.poster),
      episodes: episodes.map((episode) => toEpisodeSummary(episode, drama, entitlement, lang)),
      prices: unlockPrices(drama, lockedEpisodes(episodes, drama, entitlement).length),
      favorited,
      progress: progress ? { episode_id: progress.episodeId, position_s: progress.positionS } : null,
      viewer: { signed_in: viewer.userId !== null, vip: viewer.vip, coin: viewer.coin },
    };
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
