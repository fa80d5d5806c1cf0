import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChartKind } from '@cliffhanger/contract';
import { dramaIdColumn } from './catalog.schema.js';

/**
 * The home charts as the `charts-refresh` job last counted them (docs/product.md#charts): each
 * kind's dramas by rank. Replaced whole in one transaction per count; viewers' reads join the
 * dramas again, so a drama unpublished since the count drops out at once. `score` is what the
 * chart ranks by (plays, growth or favourites), kept for operators and tests.
 */
export const dramaCharts = pgTable(
  'drama_charts',
  {
    kind: text('kind').$type<ChartKind>().notNull(),
    rank: integer('rank').notNull(),
    dramaId: dramaIdColumn(),
    score: doublePrecision('score').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.rank] }),
    check('drama_charts_kind_known', sql`${table.kind} IN ('most_watched', 'rising', 'most_collected')`),
    check('drama_charts_rank_positive', sql`${table.rank} > 0`),
  ],
);

export type DramaChartRow = typeof dramaCharts.$inferSelect;
