import { count, eq, inArray } from 'drizzle-orm';
import {
  dramas,
  episodes,
  type DramaRow,
  type EpisodeRow,
  type NewDramaRow,
  type NewEpisodeRow,
} from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** The SQL of the catalogue import: dramas by slug, episodes by (drama, number). */
export class CatalogImportRepository {
  /** `db` may be a transaction: every query then runs in it. */
  constructor(private readonly db: Db) {}

  async countDramas(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(dramas);
    return row?.n ?? 0;
  }

  async findDramasBySlugs(slugs: readonly string[]): Promise<DramaRow[]> {
    if (slugs.length === 0) return [];
    return this.db
      .select()
      .from(dramas)
      .where(inArray(dramas.slug, [...slugs]));
  }

  async findEpisodesOfDramas(dramaIds: readonly number[]): Promise<EpisodeRow[]> {
    if (dramaIds.length === 0) return [];
    return this.db
      .select()
      .from(episodes)
      .where(inArray(episodes.dramaId, [...dramaIds]));
  }

  async insertDrama(values: NewDramaRow): Promise<DramaRow> {
    const [row] = await this.db.insert(dramas).values(values).returning();
    if (!row) throw new Error('drama insert returned nothing');
    return row;
  }

  async updateDrama(id: number, values: Partial<NewDramaRow>): Promise<void> {
    await this.db.update(dramas).set(values).where(eq(dramas.id, id));
  }

  /** Answers the new episode's id. */
  async insertEpisode(values: NewEpisodeRow): Promise<number> {
    const [row] = await this.db.insert(episodes).values(values).returning({ id: episodes.id });
    if (!row) throw new Error('episode insert returned no row');
    return row.id;
  }

  async updateEpisode(id: number, values: Partial<NewEpisodeRow>): Promise<void> {
    await this.db.update(episodes).set(values).where(eq(episodes.id, id));
  }

  async deleteEpisodes(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(episodes).where(inArray(episodes.id, [...ids]));
  }
}
