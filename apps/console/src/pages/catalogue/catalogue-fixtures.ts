import type { ConsoleDrama, ConsoleEpisode, Operator } from '@cliffhanger/contract/console';

/** Test data of the catalogue pages. */
export const EDITOR: Operator = { id: 2, email: 'editor@example.com', role: 'editor' };

export function episode(id: number, number: number, extra: Partial<ConsoleEpisode> = {}): ConsoleEpisode {
  return {
    id,
    number,
    title: { en: `Episode ${number}` },
    duration_s: 95,
    free: number <= 2,
    price: number <= 2 ? 0 : 30,
    subtitles: ['en'],
    media_ready: true,
    ...extra,
  };
}

export function drama(extra: Partial<ConsoleDrama> = {}): ConsoleDrama {
  return {
    id: 7,
    slug: 'night-bride',
    title: { en: 'Night Bride', zh: '夜嫁' },
    synopsis: { en: 'A bride at midnight.' },
    poster: '/media/posters/night-bride-1a2b3c4d-720w.jpg',
    banner: '',
    status: 'not_published',
    published_at: null,
    tags: ['romance'],
    genres: ['romance'],
    hits: 12,
    likes: 3,
    episode_count: 3,
    free_episodes: 2,
    episode_price: 30,
    all_price: 50,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T09:30:00.000Z',
    episodes: [episode(101, 1), episode(102, 2), episode(103, 3)],
    ...extra,
  };
}
