import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cliffhanger/contract';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of catalogue texts: the `lang` query when given, else the first supported
 * language in Accept-Language (the web client sends the UI language there), else English.
 * `zh-CN`, `zh-Hant` and `tr-TR` count as zh and tr; entries are taken by descending q-value,
 * ties in header order, and `q=0` means "not this one".
 */
export function requestLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  if (lang !== undefined) return lang;
  return firstSupportedLanguage(acceptLanguage ?? '') ?? DEFAULT_LANGUAGE;
}

/** requestLanguage of a route whose query takes an optional `lang`. */
export function languageOf(req: { query: { lang?: Language }; headers: { 'accept-language'?: string } }): Language {
  return requestLanguage(req.query.lang, req.headers['accept-language']);
}

export function firstSupportedLanguage(header: string): Language | undefined {
  const entries = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.primary).find(isLanguage);
}
