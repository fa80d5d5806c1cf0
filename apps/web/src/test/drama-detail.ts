import type { DramaDetail, EpisodeSummary } from '@cliffhanger/contract/browser';

/** Episode `number` of the fixture drama: 1–2 free, the rest 30 coins and locked for a visitor. */
export function dramaEpisode(number: number, overrides: Partial<EpisodeSummary> = {}): EpisodeSummary {
  const free = number <= 2;
  return {
    id: 300 + number,
    number,
    title: `Episode ${number}`,
    duration_s: 95,
    free,
    locked: !free,
    price: free ? 0 : 30,
    ...overrides,
  };
}

/**
 * A drama page as GET /dramas/:id answers a visitor: six episodes of 95 s (9½ minutes), two free,
 * four locked at 30 coins each or 100 for all of them.
 */
export function dramaDetail(overrides: Partial<DramaDetail> = {}): DramaDetail {
  return {
    id: 9,
    title: 'Night Bride',
    poster: '/media/posters/night-bride.jpg',
    tags: ['romance'],
    genres: ['romance', 'revenge'],
    hits: 1200,
    likes: 40,
    episode_count: 6,
    free_episodes: 2,
    synopsis: 'A bride at midnight.',
    banner: '/media/banners/night-bride.jpg',
    vip_covers: true,
    episodes: [1, 2, 3, 4, 5, 6].map((number) => dramaEpisode(number)),
    prices: { episode: 30, all: 100, locked_count: 4 },
    favorited: false,
    progress: null,
    viewer: { signed_in: false, vip: false, coin: 0 },
    ...overrides,
  };
}

/** The same drama for a VIP: every episode open, nothing to buy. */
export function vipDramaDetail(): DramaDetail {
  return dramaDetail({
    episodes: [1, 2, 3, 4, 5, 6].map((number) => dramaEpisode(number, { locked: false })),
    prices: { episode: 30, all: 0, locked_count: 0 },
    viewer: { signed_in: true, vip: true, coin: 5 },
  });
}
