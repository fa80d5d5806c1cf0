import type { Language } from '@cliffhanger/contract/browser';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/**
 * The countries offered in the phone field: where the app is marketed (Turkish, Chinese and
 * English speakers) and their neighbours. A number from elsewhere can still be typed in full
 * with its + prefix.
 */
// prettier-ignore
export const COUNTRIES = [
  'TR', 'CN', 'HK', 'MO', 'TW', 'US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'DE', 'FR', 'NL', 'BE', 'AT',
  'CH', 'ES', 'IT', 'SE', 'AZ', 'GE', 'UA', 'RU', 'KZ', 'UZ', 'SA', 'AE', 'QA', 'EG', 'IN', 'PK',
  'ID', 'MY', 'SG', 'PH', 'TH', 'VN', 'JP', 'KR', 'BR', 'MX', 'NG', 'ZA',
] as const satisfies readonly CountryCode[];

export type Country = (typeof COUNTRIES)[number];

/** The app's languages each imply a likely country when the browser names none. */
const COUNTRY_OF_LANGUAGE: Record<Language, Country> = { tr: 'TR', zh: 'CN', en: 'US' };

function isOfferedCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}

/** The region of a BCP 47 tag (`en-GB` → GB, `zh-Hant-TW` → TW), if it names one. */
function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/**
 * The preselected country: the first region the browser's languages name (the viewer's own
 * country is the best guess), else the one the UI language implies (tr → TR, zh → CN, en → US).
 */
export function defaultCountry(uiLanguage: Language, browserLanguages: readonly string[]): Country {
  for (const tag of browserLanguages) {
    const region = regionOf(tag);
    if (region && isOfferedCountry(region)) return region;
  }
  return COUNTRY_OF_LANGUAGE[uiLanguage];
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export function dialPrefix(country: Country): string {
  return `+${getCountryCallingCode(country)}`;
}

/** The countries named in `language`, in that language's alphabetical order. */
export function countryOptions(language: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(language);
  return COUNTRIES.map((code) => ({
    code,
    name: names?.of(code) ?? code,
    dial: dialPrefix(code),
  })).sort((a, b) => collator.compare(a.name, b.name));
}
