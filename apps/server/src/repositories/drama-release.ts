import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { dramas } from '../db/catalog.schema.js';

/**
 * Viewers see a drama once it is released (docs/architecture.md#catalogue-and-unlocking): its
 * `published_at` has come by `now`. NULL (a draft, an unpublished drama) never compares true, and a
 * future time (a scheduled release) not yet. A bare comparison on the column, so
 * `dramas_published_at_idx` can serve it. `now` is the app's clock (tests move it), never the
 * database's `now()`.
 *
 * `alias` names the dramas table in a raw statement (`d`); the predicate is then written without
 * nested SQL, so a statement compiled once by name (db/prepared-rows.ts) stays on that path.
 */
export function releasedBy(now: Date | Placeholder, alias?: string): SQL {
  const column = alias === undefined ? sql`${dramas.publishedAt}` : sql.raw(`"${alias}"."published_at"`);
  return column.append(sql` <= ${now}::timestamptz`);
}
