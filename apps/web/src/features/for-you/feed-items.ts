import type { FeedItem, ForYouPage } from '@cliffhanger/contract/browser';

/** Fewer dramas than this left ahead of the viewer: the next page is asked for. */
export const PREFETCH_AHEAD = 3;

/**
 * The pages' dramas in order, each once: a ranking that moved between two pages (new plays, a
 * refresh) may list a drama again, and the viewer should not swipe into it twice.
 */
export function feedItems(pages: readonly ForYouPage[] | undefined): FeedItem[] {
  const seen = new Set<number>();
  const items: FeedItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.list) {
      if (seen.has(item.drama.id)) continue;
      seen.add(item.drama.id);
      items.push(item);
    }
  }
  return items;
}

/** Where a swipe leads: one drama on or back, never past either end. */
export function stepTo(index: number, direction: 'next' | 'prev', length: number): number {
  if (direction === 'next') return Math.min(index + 1, Math.max(0, length - 1));
  return Math.max(0, index - 1);
}

/** Whether the viewer is close enough to the end that the next page should be on its way. */
export function wantsMore(index: number, length: number): boolean {
  return length - 1 - index < PREFETCH_AHEAD;
}

/** The feed position of an `at` value: a whole number, else the start. */
export function positionFrom(raw: string | null): number {
  return raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
}
