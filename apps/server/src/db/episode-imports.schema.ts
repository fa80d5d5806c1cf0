import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dramaIdColumn, episodes } from './catalog.schema.js';
import { operators } from './operators.schema.js';

/** Where an episode upload is (docs/console.md#uploading-episodes); `ready` and `failed` are final. */
export const episodeImportState = pgEnum('episode_import_state', [
  'uploading',
  'queued',
  'probing',
  'transcoding',
  'storing',
  'ready',
  'failed',
]);

export type EpisodeImportStateValue = (typeof episodeImportState.enumValues)[number];

/**
 * One video an operator uploads through the console (tus) and the import that makes it an
 * episode. The row exists from the upload's first request, so a drama's list shows uploads in
 * flight and "next" episode numbers account for them; the episode itself is written only by the
 * import's last transaction.
 */
export const episodeImports = pgTable(
  'episode_imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dramaId: dramaIdColumn(),
    episodeNumber: integer('episode_number').notNull(),
    // The tus upload id: the staging file's name and the last part of its URL.
    uploadId: text('upload_id').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    filename: text('filename').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    state: episodeImportState('state').notNull().default('uploading'),
    // The current step's progress, 0-100 (transcoding: the share of the video encoded so far).
    percent: integer('percent').notNull().default(0),
    // Runs started: a run claims the row by raising it, and a run whose number is no longer the
    // row's (the sweep gave its import to a new run) can no longer write it.
    attempts: integer('attempts').notNull().default(0),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    episodeId: bigint('episode_id', { mode: 'number' }).references(() => episodes.id, { onDelete: 'set null' }),
    // The import switched the media of an episode that existed (a re-upload).
    replaced: boolean('replaced').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Moved on by every step and progress report: a running import that stops moving is stale.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('episode_imports_upload_unique').on(table.uploadId),
    index('episode_imports_drama_idx').on(table.dramaId, table.id),
    // One import in flight per episode: two would race to replace its media.
    uniqueIndex('episode_imports_in_flight_unique')
      .on(table.dramaId, table.episodeNumber)
      .where(sql`${table.state} NOT IN ('ready', 'failed')`),
    // The sweep's scan: only unfinished rows.
    index('episode_imports_unfinished_idx')
      .on(table.state, table.updatedAt)
      .where(sql`${table.state} NOT IN ('ready', 'failed')`),
    check('episode_imports_percent_range', sql`${table.percent} BETWEEN 0 AND 100`),
    check('episode_imports_number_positive', sql`${table.episodeNumber} >= 1`),
    check('episode_imports_size_nonnegative', sql`${table.sizeBytes} >= 0`),
  ],
);

export type EpisodeImportRow = typeof episodeImports.$inferSelect;
