import { desc, eq } from 'drizzle-orm';
import { dramas, type LocalisedText } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { dramaTitleContains } from './title-match.js';

export interface DramaTitleRow {
  id: number;
  title: LocalisedText;
}

const columns = { id: dramas.id, title: dramas.title };

/** SQL for finding a drama by its title or id, released or not: what the console's filters offer. */
export class DramaTitlesRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` dramas whose title contains `q` in any language (every drama when `q` is empty), newest first. */
  search(q: string | undefined, limit: number): Promise<DramaTitleRow[]> {
    return this.db
      .select(columns)
      .from(dramas)
      .where(q ? dramaTitleContains(q) : undefined)
      .orderBy(desc(dramas.createdAt), desc(dramas.id))
      .limit(limit);
  }

  async find(id: number): Promise<DramaTitleRow | undefined> {
    const [row] = await this.db.select(columns).from(dramas).where(eq(dramas.id, id));
    return row;
  }
}
