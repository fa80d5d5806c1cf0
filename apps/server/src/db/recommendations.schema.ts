import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, real } from 'drizzle-orm/pg-core';
import { dramaIdColumn, dramas } from './catalog.schema.js';

/**
 * What the For You feed ranks by (docs/recommendations.md). Both tables hold nothing of their own:
 * the `recommendations-refresh` job recomputes them from plays, favourites and watch history and
 * replaces them whole, so a request reads a few indexed rows instead of the plays.
 */

/**
 * Each drama's top neighbours by co-watch similarity (cosine over the viewers who watched both).
 * The primary key serves the one read: the neighbours of a viewer's dramas.
 */
export const dramaNeighbours = pgTable(
  'drama_neighbours',
  {
    dramaId: dramaIdColumn(),
    neighbourId: bigint('neighbour_id', { mode: 'number' })
      .notNull()
      .references(() => dramas.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.dramaId, table.neighbourId] }),
    check('drama_neighbours_score_positive', sql`${table.score} > 0`),
    check('drama_neighbours_not_itself', sql`${table.dramaId} <> ${table.neighbourId}`),
  ],
);

/** Dramas by how many viewers played them in the recent window: the feed's trending half. */
export const dramaTrending = pgTable(
  'drama_trending',
  {
    dramaId: dramaIdColumn().primaryKey(),
    viewers: integer('viewers').notNull(),
  },
  (table) => [check('drama_trending_viewers_positive', sql`${table.viewers} > 0`)],
);
