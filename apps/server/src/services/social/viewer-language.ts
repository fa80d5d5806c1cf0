import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cliffhanger/contract';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of drama cards in the viewer's lists: the `lang` query when given, else the first
 * supported language in Accept-Language (by descending q, ties in header order; `zh-CN` counts
 * as zh, `q=0` as "not this one"), else English.
 */
export function viewerLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  if (lang !== undefined) return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
