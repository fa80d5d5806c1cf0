import { LANGUAGES, type Language } from '@cliffhanger/contract';

/** A subtitle track in a language the product does not offer. */
export class SubtitleLanguageError extends Error {
  override readonly name = 'SubtitleLanguageError';
  constructor(readonly language: string) {
    super(`unsupported subtitle language "${language}" (expected one of: ${LANGUAGES.join(', ')})`);
  }
}

export function isSubtitleLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Returns `value` as a Language (exact, case-sensitive: `zh`, `en`, `tr`). @throws SubtitleLanguageError */
export function validateSubtitleLanguage(value: string): Language {
  if (!isSubtitleLanguage(value)) throw new SubtitleLanguageError(value);
  return value;
}
