import type { FavoriteItem, Language, Page, PageQuery } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { FavoritesRepository } from '../../repositories/favorites.repository.js';
import type { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import { toDramaCard } from '../catalog/drama-card.js';
import { pageFrom, sliceOf } from './page.js';
import { requireDrama } from './social-targets.js';

export interface FavoritesServiceDeps {
  db: Db;
  targets: SocialTargetsRepository;
  clock: Clock;
  mediaBaseUrl: string;
}

/**
 * A user's list of dramas. Adding and removing are idempotent; an unknown or unreleased drama is
 * Code.NOT_FOUND both ways, and the list shows only released dramas.
 */
export class FavoritesService {
  private readonly favorites: FavoritesRepository;

  constructor(private readonly deps: FavoritesServiceDeps) {
    this.favorites = new FavoritesRepository(deps.db);
  }

  async list(userId: number, query: PageQuery, lang: Language): Promise<Page<FavoriteItem>> {
    const now = this.deps.clock();
    const [rows, total] = await Promise.all([
      this.favorites.listByUser(userId, sliceOf(query), now),
      this.favorites.countByUser(userId, now),
    ]);
    const list = rows.map((row) => ({
      ...toDramaCard(row.drama, row.episodeCount, lang, this.deps.mediaBaseUrl),
      favorited_at: row.favoritedAt.toISOString(),
    }));
    return pageFrom(list, total, query);
  }

  async add(userId: number, dramaId: number): Promise<{ favorited: boolean }> {
    const now = this.deps.clock();
    await requireDrama(this.deps.targets, dramaId, now);
    await this.favorites.insert(userId, dramaId, now);
    return { favorited: true };
  }

  async remove(userId: number, dramaId: number): Promise<{ favorited: boolean }> {
    await requireDrama(this.deps.targets, dramaId, this.deps.clock());
    await this.favorites.delete(userId, dramaId);
    return { favorited: false };
  }
}
