import { eq } from 'drizzle-orm';
import { dramas, episodes } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';

/** What a notification says about a catalogue event. */
export class PushEventsRepository {
  constructor(private readonly db: Db) {}

  async episodeWithDrama(episodeId: number, tx: Db = this.db) {
    const [row] = await tx
      .select({
        episodeId: episodes.id,
        number: episodes.number,
        dramaId: dramas.id,
        title: dramas.title,
        publishedAt: dramas.publishedAt,
      })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(eq(episodes.id, episodeId));
    return row;
  }
}
