import type { Language } from '@cliffhanger/contract';
import type { LocalisedText } from '../../db/catalog.schema.js';

/** The text in `lang`, else English (docs/architecture.md#catalogue-and-unlocking). */
export function localise(text: LocalisedText, lang: Language | undefined): string {
  const wanted = lang === undefined ? undefined : text[lang];
  return wanted !== undefined && wanted !== '' ? wanted : text.en;
}
