import type { Ad, Comment, DramaDetail, EpisodeLocked, EpisodeSummary, Playback } from '@cliffhanger/contract/browser';

export function episode(number: number, overrides: Partial<EpisodeSummary> = {}): EpisodeSummary {
  const free = number <= 2;
  return {
    id: 100 + number,
    number,
    title: `Episode ${number}`,
    duration_s: 10,
    free,
    locked: !free,
    price: free ? 0 : 30,
    ...overrides,
  };
}

export function drama(overrides: Partial<DramaDetail> = {}): DramaDetail {
  return {
    id: 7,
    title: 'The Last Train',
    poster: '/media/posters/last-train.jpg',
    tags: ['romance'],
    genres: [],
    hits: 10,
    likes: 3,
    episode_count: 4,
    free_episodes: 2,
    synopsis: 'Two strangers and a night train.',
    banner: '/media/banners/last-train.jpg',
    vip_covers: true,
    episodes: [episode(1), episode(2), episode(3), episode(4)],
    prices: { episode: 30, all: 50, locked_count: 2 },
    favorited: false,
    progress: null,
    viewer: { signed_in: false, vip: false, coin: 0 },
    ...overrides,
  };
}

export function playback(number: number, overrides: Partial<Playback> = {}): Playback {
  const summary = episode(number, { locked: false });
  return {
    episode: { ...summary, drama_id: 7 },
    playlist_url: `/media/episodes/last-train/${number}/master.m3u8?exp=1&sig=x`,
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    subtitles: [
      { lang: 'zh', url: `/media/episodes/last-train/${number}/subs/zh.vtt?sig=x` },
      { lang: 'en', url: `/media/episodes/last-train/${number}/subs/en.vtt?sig=x` },
      { lang: 'tr', url: `/media/episodes/last-train/${number}/subs/tr.vtt?sig=x` },
    ],
    download_url: `/media/episodes/last-train/${number}/download.mp4?sig=x`,
    next_episode_id: number < 4 ? 101 + number : null,
    prev_episode_id: number > 1 ? 99 + number : null,
    likes: 5,
    liked: false,
    comment_count: 0,
    position_s: 0,
    ...overrides,
  };
}

export function lockedData(number: number, overrides: Partial<EpisodeLocked> = {}): EpisodeLocked {
  return {
    drama_id: 7,
    episode_id: 100 + number,
    episode_number: number,
    prices: { episode: 30, all: 50, locked_count: 2 },
    coin: 120,
    signed_in: true,
    ...overrides,
  };
}

export function comment(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    episode_id: 101,
    uid: 9,
    nickname: `Viewer ${id}`,
    avatar: '',
    text: `Comment ${id}`,
    created_at: '2025-01-01T10:00:00.000Z',
    mine: false,
    hidden: false,
    ...overrides,
  };
}

export function page<T>(list: T[], pageNumber = 1, hasMore = false) {
  return { list, page: pageNumber, size: 20, total: list.length, has_more: hasMore };
}

/** A house interstitial, as GET /ads/next answers it. */
export function houseAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: 'house-9',
    kind: 'house',
    placement: 'interstitial',
    drama_id: 9,
    title: 'Moonlit Vows',
    poster: '/media/9/poster.jpg',
    playlist_url: '/media/9/promo/master.m3u8?sig=x',
    skippable_after_s: 5,
    token: null,
    reward: null,
    ...overrides,
  };
}
