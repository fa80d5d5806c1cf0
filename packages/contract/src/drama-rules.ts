import { z } from 'zod';
import { inputMultiline, inputString } from './text.js';
import { DRAMA_GENRES_MAX, GENRES } from './genres.js';

/**
 * What a drama and its episodes may hold. The catalogue import's manifest and the operator
 * console's forms both validate with these, so a drama the console accepts is one the command line
 * would accept, and the other way round.
 */

/** Becomes part of media paths (`episodes/<slug>/…`), which only allow lowercase, digits and `-`. */
export const DRAMA_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const DRAMA_SLUG_MAX = 63;
export const DRAMA_TITLE_MAX = 200;
export const DRAMA_SYNOPSIS_MAX = 2000;
export const EPISODE_TITLE_MAX = 200;
export const DRAMA_TAG_MAX = 32;
export const DRAMA_TAGS_MAX = 20;
/** Episode numbers run 1..this; free_episodes may name at most this many. */
export const EPISODE_NUMBER_MAX = 10_000;
/**
 * Coins for one episode or for all of a drama. A coin pack of a few dollars buys hundreds of
 * coins; a price in the millions is a typo, not a price.
 */
export const DRAMA_PRICE_MAX = 1_000_000;

export const dramaSlugSchema = z.string().regex(DRAMA_SLUG_PATTERN, {
  error: 'must be lowercase letters, digits and "-" (at most 63), starting with a letter or digit',
});

/** `{ en, zh?, tr? }`: English is required and is every other language's fallback. */
function localised(max: number, text: () => z.ZodString) {
  const one = text().trim().min(1).max(max);
  return z.object({ en: one, zh: one.optional(), tr: one.optional() }).strict();
}

export const dramaTitleSchema = localised(DRAMA_TITLE_MAX, inputString);
export const dramaSynopsisSchema = localised(DRAMA_SYNOPSIS_MAX, inputMultiline);
export const episodeTitleSchema = localised(EPISODE_TITLE_MAX, inputString);
export const dramaTagsSchema = z
  .array(inputString().trim().min(1).max(DRAMA_TAG_MAX))
  .max(DRAMA_TAGS_MAX)
  .refine((tags) => new Set(tags).size === tags.length, { error: 'lists a tag twice' });
export const freeEpisodesSchema = z.number().int().min(0).max(EPISODE_NUMBER_MAX);
export const dramaPriceSchema = z.number().int().min(0).max(DRAMA_PRICE_MAX);
export const episodeNumberSchema = z.number().int().min(1).max(EPISODE_NUMBER_MAX);
/** 0..3 genre keys from the catalogue, each once. */
export const dramaGenresSchema = z
  .array(z.enum(GENRES))
  .max(DRAMA_GENRES_MAX)
  .refine((genres) => new Set(genres).size === genres.length, { error: 'lists a genre twice' });
