import { Code, LANGUAGES, type Genre, type Language } from '@cliffhanger/contract/browser';
import {
  dramaPricingSchema,
  dramaTextFieldsSchema,
  episodeTextFieldsSchema,
  type ConsoleDrama,
} from '@cliffhanger/contract/console';
import type { z } from 'zod';
import { ConsoleApiError } from '../../api/console-api';
import { t } from '../../i18n/messages';

/** What the three language tabs hold: every text as typed, '' for none. */
export type LocalisedForm = Record<Language, string>;

export interface DramaTextForm {
  title: LocalisedForm;
  synopsis: LocalisedForm;
  /** Comma-separated, as typed. */
  tags: string;
  genres: Genre[];
}

/** The pricing form's three numbers, as typed. */
export interface PricingForm {
  free_episodes: string;
  episode_price: string;
  all_price: string;
}

/** A field's path as the contract names it (`title.en`, `episode_price`) → the words shown under it. */
export type FieldErrors = Record<string, string>;

const emptyLocalised = (): LocalisedForm => ({ en: '', zh: '', tr: '' });

export function emptyDramaTextForm(): DramaTextForm {
  return { title: emptyLocalised(), synopsis: emptyLocalised(), tags: '', genres: [] };
}

export function dramaTextFormOf(drama: Pick<ConsoleDrama, 'title' | 'synopsis' | 'tags' | 'genres'>): DramaTextForm {
  const localised = (text: ConsoleDrama['title']): LocalisedForm => ({
    en: text.en,
    zh: text.zh ?? '',
    tr: text.tr ?? '',
  });
  return {
    title: localised(drama.title),
    synopsis: localised(drama.synopsis),
    tags: drama.tags.join(', '),
    // The server holds catalogue keys only; the form's type says so.
    genres: drama.genres as Genre[],
  };
}

export function pricingFormOf(drama: Pick<ConsoleDrama, 'free_episodes' | 'episode_price' | 'all_price'>): PricingForm {
  return {
    free_episodes: String(drama.free_episodes),
    episode_price: String(drama.episode_price),
    all_price: String(drama.all_price),
  };
}

/** English always (even empty, so "required" is said); another language only when typed. */
function localisedBody(form: LocalisedForm): { en: string; zh?: string; tr?: string } {
  const body: { en: string; zh?: string; tr?: string } = { en: form.en };
  for (const lang of LANGUAGES) if (lang !== 'en' && form[lang].trim() !== '') body[lang] = form[lang];
  return body;
}

function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** A number field as typed: a whole number, or NaN (refused by the schema as not an integer). */
function numberOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The operator's words for what the contract's schema refused. */
function issueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'number' ? t('catalogue.error.wholeNumber') : t('catalogue.error.required');
    case 'too_big':
      if (issue.origin === 'array' && issue.path[0] === 'genres') {
        return t('catalogue.error.tooManyGenres', { max: Number(issue.maximum) });
      }
      if (issue.origin === 'array') return t('catalogue.error.tooManyTags', { max: Number(issue.maximum) });
      if (issue.origin === 'number') return t('catalogue.error.tooLarge', { max: Number(issue.maximum) });
      return issue.path[0] === 'tags'
        ? t('catalogue.error.tagTooLong', { max: Number(issue.maximum) })
        : t('catalogue.error.tooLong', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'number' ? t('catalogue.error.wholeNumber') : t('catalogue.error.required');
    case 'custom':
      if (issue.path[0] === 'genres') return t('catalogue.error.genreTwice');
      return issue.path[0] === 'tags' && issue.path.length === 1
        ? t('catalogue.error.tagTwice')
        : t('catalogue.error.controlChars');
    default:
      return t('catalogue.error.invalid');
  }
}

/** The first issue per field path, each under the field it names (a tag's or genre's issue under its list). */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path[0] === 'tags' || issue.path[0] === 'genres' ? String(issue.path[0]) : issue.path.join('.');
    errors[path] ??= issueText(issue);
  }
  return errors;
}

/** `value` checked by a contract schema: the body to send, or the errors by field. */
function checkWith<S extends z.ZodType>(schema: S, value: unknown): { body: z.output<S> } | { errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { body: parsed.data } : { errors: fieldErrors(parsed.error.issues) };
}

/**
 * The form checked by the contract's own schema (the rules the server and the catalogue import
 * apply): the body to send, or the errors by field.
 */
export function checkDramaText(form: DramaTextForm) {
  return checkWith(dramaTextFieldsSchema, {
    title: localisedBody(form.title),
    synopsis: localisedBody(form.synopsis),
    tags: tagsOf(form.tags),
    genres: form.genres,
  });
}

export function checkEpisodeTitle(title: LocalisedForm) {
  return checkWith(episodeTextFieldsSchema, { title: localisedBody(title) });
}

export function checkPricing(form: PricingForm) {
  return checkWith(dramaPricingSchema, {
    free_episodes: numberOf(form.free_episodes),
    episode_price: numberOf(form.episode_price),
    all_price: numberOf(form.all_price),
  });
}

/** What the server refused, by the field path under `body.` (`body.title.en` → `title.en`). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ConsoleApiError) || error.code !== Code.INVALID_INPUT) return {};
  const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  const errors: FieldErrors = {};
  for (const { field, message } of fields) errors[field.replace(/^body\./, '')] ??= message;
  return errors;
}

/** Which language tabs hold an error, so the tab can say so. */
export function languagesWithErrors(errors: FieldErrors): Set<Language> {
  return new Set(LANGUAGES.filter((lang) => Object.keys(errors).some((path) => path.endsWith(`.${lang}`))));
}
