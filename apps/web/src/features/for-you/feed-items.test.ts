import type { FeedItem, ForYouPage } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { feedItems, positionFrom, PREFETCH_AHEAD, stepTo, wantsMore } from './feed-items';

const item = (id: number): FeedItem => ({
  drama: {
    id,
    title: `Drama ${id}`,
    poster: '',
    tags: [],
    genres: [],
    hits: 0,
    likes: 0,
    episode_count: 3,
    free_episodes: 1,
  },
  episode_id: id * 10,
  reason: 'trending',
});
const page = (ids: number[], next: string | null = null): ForYouPage => ({ list: ids.map(item), next_cursor: next });

describe('feedItems', () => {
  it('chains the pages in order and keeps each drama once', () => {
    expect(feedItems([page([1, 2, 3], '3'), page([3, 4])]).map((i) => i.drama.id)).toEqual([1, 2, 3, 4]);
  });

  it('is empty before the first page', () => {
    expect(feedItems(undefined)).toEqual([]);
  });
});

describe('stepTo', () => {
  it('moves one drama on or back, never past either end', () => {
    expect(stepTo(0, 'next', 3)).toBe(1);
    expect(stepTo(2, 'next', 3)).toBe(2);
    expect(stepTo(1, 'prev', 3)).toBe(0);
    expect(stepTo(0, 'prev', 3)).toBe(0);
    expect(stepTo(0, 'next', 0)).toBe(0);
  });
});

describe('wantsMore', () => {
  it('asks for the next page once fewer than PREFETCH_AHEAD dramas are left ahead', () => {
    expect(wantsMore(0, PREFETCH_AHEAD + 1)).toBe(false);
    expect(wantsMore(1, PREFETCH_AHEAD + 1)).toBe(true);
    expect(wantsMore(0, 1)).toBe(true);
  });
});

describe('positionFrom', () => {
  it('reads a whole number, anything else as the start', () => {
    expect(positionFrom('3')).toBe(3);
    expect(positionFrom(null)).toBe(0);
    for (const bad of ['', '-1', '1.5', 'x', '99999']) expect(positionFrom(bad)).toBe(0);
  });
});
