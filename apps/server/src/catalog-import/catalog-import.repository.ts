import { count, eq, inArray } from 'drizzle-orm';
import {
  dramas,
  episodes,
  type DramaRow,
  type EpisodeRow,
  type NewDramaRow,
  type NewEpisodeRow,
} from '../db/catalog.schema.js';
import type { Db, Tx } from '../db/database.js';

/** The SQL of the catalogue import: dramas by slug, episodes by (drama, number). */
export class CatalogImportRepository {
  constructor(private readonly db: Db) {}

  async countDramas(tx?: Tx): Promise<number> {
    const [row] = await (tx ?? this.db).select({ n: count() }).from(dramas);
    return row?.n ?? 0;
  }

  async findDramasBySlugs(slugs: readonly string[], tx?: Tx): Promise<DramaRow[]> {
    if (slugs.length === 0) return [];
    return (tx ?? this.db)
      .select()
      .from(dramas)
      .where(inArray(dramas.slug, [...slugs]));
  }

  async findEpisodesOfDramas(dramaIds: readonly number[], tx?: Tx): Promise<EpisodeRow[]> {
    if (dramaIds.length === 0) return [];
    return (tx ?? this.db)
      .select()
      .from(episodes)
      .where(inArray(episodes.dramaId, [...dramaIds]));
  }

  async insertDrama(values: NewDramaRow, tx?: Tx): Promise<DramaRow> {
    const [row] = await (tx ?? this.db).insert(dramas).values(values).returning();
    if (!row) throw new Error('drama insert returned nothing');
    return row;
  }

  async updateDrama(id: number, values: Partial<NewDramaRow>, tx?: Tx): Promise<void> {
    await (tx ?? this.db).update(dramas).set(values).where(eq(dramas.id, id));
  }

  async insertEpisode(values: NewEpisodeRow, tx?: Tx): Promise<void> {
    await (tx ?? this.db).insert(episodes).values(values);
  }

  async updateEpisode(id: number, values: Partial<NewEpisodeRow>, tx?: Tx): Promise<void> {
    await (tx ?? this.db).update(episodes).set(values).where(eq(episodes.id, id));
  }

  async deleteEpisodes(ids: readonly number[], tx?: Tx): Promise<void> {
    if (ids.length === 0) return;
    await (tx ?? this.db).delete(episodes).where(inArray(episodes.id, [...ids]));
  }
}
