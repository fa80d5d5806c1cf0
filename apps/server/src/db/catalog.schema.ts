import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userIdColumn } from './users.schema.js';

/** Localised text: `{ en: "…", zh?: "…", tr?: "…" }`; English is required and is the fallback. */
export type LocalisedText = { en: string; zh?: string; tr?: string };

/**
 * A drama (docs/architecture.md#catalogue-and-unlocking). `slug` is the manifest's stable key: re-importing a
 * manifest updates the drama with the same slug instead of adding another. Media fields are relative media
 * paths.
 */
export const dramas = pgTable(
  'dramas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    synopsis: jsonb('synopsis').$type<LocalisedText>().notNull(),
    // Lowercase English title, kept for the A-to-Z sort.
    sortTitle: text('sort_title').notNull(),
    poster: text('poster').notNull(),
    banner: text('banner').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    // Genre keys from the contract's catalogue (GENRES), at most three; the writers validate
    // them, the check keeps the count honest. GIN-indexed for the browse list's genre filter.
    genres: jsonb('genres').$type<string[]>().notNull().default([]),
    // Real plays (one per viewer, episode and day) and the sum of the episodes' likes.
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    // Episodes 1..free_episodes are free (default 5, docs/architecture.md#catalogue-and-unlocking).
    freeEpisodes: integer('free_episodes').notNull().default(5),
    episodePrice: integer('episode_price').notNull(),
    allPrice: integer('all_price').notNull(),
    // Editorial placement on home: recommended order (NULL = not recommended), banner order.
    recommendRank: integer('recommend_rank'),
    bannerRank: integer('banner_rank'),
    // When viewers may see the drama: NULL while it is a draft or unpublished, a future time while
    // its release is scheduled. Viewers' reads show only dramas released by now. A manifest import
    // without a time publishes at once, hence the default; the console creates drafts (NULL).
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('dramas_slug_unique').on(table.slug),
    check('dramas_prices_nonnegative', sql`${table.episodePrice} >= 0 AND ${table.allPrice} >= 0`),
    check('dramas_free_episodes_nonnegative', sql`${table.freeEpisodes} >= 0`),
    index('dramas_hits_idx').on(table.hits),
    index('dramas_likes_idx').on(table.likes),
    index('dramas_sort_title_idx').on(table.sortTitle),
    index('dramas_published_at_idx').on(table.publishedAt),
    index('dramas_genres_idx').using('gin', table.genres),
    check('dramas_genres_at_most_three', sql`jsonb_array_length(${table.genres}) <= 3`),
  ],
);

/** The drama column of a per-drama table: its rows go with the drama. */
export const dramaIdColumn = () =>
  bigint('drama_id', { mode: 'number' })
    .notNull()
    .references(() => dramas.id, { onDelete: 'cascade' });

/**
 * An episode. `media_dir` holds master.m3u8, one folder per rendition and download.mp4;
 * `subtitles` maps a language to its WebVTT path.
 */
export const episodes = pgTable(
  'episodes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dramaId: dramaIdColumn(),
    number: integer('number').notNull(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    durationS: real('duration_s').notNull(),
    mediaDir: text('media_dir').notNull(),
    subtitles: jsonb('subtitles').$type<Partial<Record<'zh' | 'en' | 'tr', string>>>().notNull().default({}),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('episodes_drama_number_unique').on(table.dramaId, table.number),
    check('episodes_number_positive', sql`${table.number} >= 1`),
    // The media route asks, per directory every few seconds, which episode's files it holds.
    index('episodes_media_dir_idx').on(table.mediaDir),
  ],
);

/** The episode column of a per-episode table: its rows go with the episode. */
export const episodeIdColumn = () =>
  bigint('episode_id', { mode: 'number' })
    .notNull()
    .references(() => episodes.id, { onDelete: 'cascade' });

/**
 * An episode a user owns (docs/wallet.md#unlocking-post-unlock). Written by the wallet's unlock in the same
 * transaction as the debit; read here to decide whether an episode is locked for a viewer.
 */
export const episodeUnlocks = pgTable(
  'episode_unlocks',
  {
    userId: userIdColumn(),
    episodeId: episodeIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.episodeId] })],
);

/** One counted play: the unique key makes hits count a viewer once per episode and day. */
export const episodePlays = pgTable(
  'episode_plays',
  {
    // `u:<uid>` for a signed-in viewer, `a:<hash of ip and user agent>` for a visitor.
    viewerKey: text('viewer_key').notNull(),
    episodeId: episodeIdColumn(),
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.viewerKey, table.episodeId, table.day] }),
    // Every reader of recent plays (the charts' two weeks, co-watch similarity, the report
    // rollups' refresh) asks for plays since a moment: without it each read the whole table.
    index('episode_plays_created_at_idx').on(table.createdAt),
  ],
);

export type DramaRow = typeof dramas.$inferSelect;
export type NewDramaRow = typeof dramas.$inferInsert;
export type EpisodeRow = typeof episodes.$inferSelect;
export type NewEpisodeRow = typeof episodes.$inferInsert;
