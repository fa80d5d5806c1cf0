/**
 * The genre catalogue: a short fixed list of keys, as short-drama apps file their shows, with the
 * name of each in every language. Dramas store keys; server, web and console all read the names
 * from here, so adding a genre is one edit (and its key must never change: dramas hold it).
 */
import type { Language } from './constants.js';

export const GENRES = [
  'romance',
  'revenge',
  'ceo',
  'werewolf',
  'historical',
  'family',
  'thriller',
  'comedy',
  'fantasy',
  'rebirth',
] as const;
export type Genre = (typeof GENRES)[number];

/** A drama is filed under at most this many genres. */
export const DRAMA_GENRES_MAX = 3;

export const GENRE_NAMES: Record<Genre, Record<Language, string>> = {
  romance: { en: 'Romance', zh: '爱情', tr: 'Romantik' },
  revenge: { en: 'Revenge', zh: '复仇', tr: 'İntikam' },
  ceo: { en: 'CEO', zh: '霸总', tr: 'Patron' },
  werewolf: { en: 'Werewolf', zh: '狼人', tr: 'Kurt Adam' },
  historical: { en: 'Historical', zh: '古装', tr: 'Tarihî' },
  family: { en: 'Family', zh: '家庭', tr: 'Aile' },
  thriller: { en: 'Thriller', zh: '悬疑', tr: 'Gerilim' },
  comedy: { en: 'Comedy', zh: '喜剧', tr: 'Komedi' },
  fantasy: { en: 'Fantasy', zh: '奇幻', tr: 'Fantastik' },
  rebirth: { en: 'Rebirth', zh: '重生', tr: 'Yeniden Doğuş' },
};
