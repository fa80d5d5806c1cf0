import { and, eq } from 'drizzle-orm';
import { dramas, episodes, type DramaRow, type EpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { releasedBy } from './drama-release.js';

/** What the social features need to know about the episode they point at, and its drama's free episodes. */
export type EpisodeTarget = Pick<EpisodeRow, 'id' | 'dramaId' | 'number' | 'durationS'> &
  Pick<DramaRow, 'freeEpisodes'>;

/**
 * Read-only lookups of the catalogue rows that comments, likes, favourites, history and shares
 * refer to. Kept apart from the catalogue's own repositories so the social features do not
 * depend on code that is still being written; the SQL is a handful of primary-key reads. An episode
 * or drama not released by `now` is not found: viewers cannot comment on, like, keep or share what
 * they cannot see.
 */
export class SocialTargetsRepository {
  constructor(private readonly db: Db) {}

  async findEpisode(id: number, now: Date, tx: Db = this.db): Promise<EpisodeTarget | undefined> {
    const [row] = await tx
      .select({
        id: episodes.id,
        dramaId: episodes.dramaId,
        number: episodes.number,
        durationS: episodes.durationS,
        freeEpisodes: dramas.freeEpisodes,
      })
      .from(episodes)
      .innerJoin(dramas, eq(dramas.id, episodes.dramaId))
      .where(and(eq(episodes.id, id), releasedBy(now)))
      .limit(1);
    return row;
  }

  async dramaExists(id: number, now: Date, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: dramas.id })
      .from(dramas)
      .where(and(eq(dramas.id, id), releasedBy(now)))
      .limit(1);
    return row !== undefined;
  }
}
