import { DRAMA_SLUG_MAX } from '@cliffhanger/contract';

/** Room for `-<n>` after the base when the base is taken. */
const BASE_MAX = DRAMA_SLUG_MAX - 7;
/** Letters NFKD does not take apart into a Latin letter and a mark. */
const LATIN_FOLDS: Record<string, string> = { ı: 'i', ß: 'ss', æ: 'ae', ø: 'o', ł: 'l', đ: 'd', œ: 'oe' };

/**
 * A slug (the contract's DRAMA_SLUG_PATTERN) from an English title: accents dropped, lower case,
 * every run of anything else one `-`. A title with no Latin letter or digit becomes `drama`.
 */
export function slugBase(title: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ıßæøłđœ]/g, (c) => LATIN_FOLDS[c] ?? c);
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, BASE_MAX)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'drama' : slug;
}

/** `base` if no drama has it, else `base-2`, `base-3`, … the first that is free. */
export function firstFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
