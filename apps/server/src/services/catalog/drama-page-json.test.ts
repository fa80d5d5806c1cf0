import { dramaDetailSchema, envelopeSchema, type DramaDetail, type Language } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import type { DramaRow, EpisodeRow } from '../../db/catalog.schema.js';
import { DramaPageJson } from './drama-page-json.js';
import { VISITOR, VISITOR_IN_DRAMA, type ViewerInDrama } from './viewer.js';

const drama = {
  id: 7,
  slug: 'night-bride',
  title: { en: 'Night "Bride" \\ 1', zh: '夜嫁\u2028' },
  synopsis: { en: 'A bride at midnight.</script>' },
  poster: 'posters/night-bride-720w.jpg',
  banner: '',
  tags: ['romance', 'revenge'],
  genres: ['romance', 'revenge'],
  hits: 1234,
  likes: 56,
  freeEpisodes: 2,
  episodePrice: 30,
  allPrice: 100,
} as unknown as DramaRow;

const episodes = [1, 2, 3, 4, 5].map(
  (number) =>
    ({
      id: 100 + number,
      dramaId: drama.id,
      number,
      title: { en: `Part ${number}`, tr: `Bölüm ${number}` },
      durationS: 60.5 + number,
    }) as unknown as EpisodeRow,
);

/** The page as the endpoint's schema encodes it, built field by field. */
function expected(own: ViewerInDrama, lang: Language): DramaDetail {
  const playable = (e: EpisodeRow) =>
    e.number <= 2 || own.entitlement.vip || own.entitlement.unlockedEpisodeIds.has(e.id);
  const locked = episodes.filter((e) => !playable(e)).length;
  const detail: DramaDetail = {
    id: 7,
    title: lang === 'zh' ? '夜嫁\u2028' : 'Night "Bride" \\ 1',
    poster: '/media/posters/night-bride-720w.jpg',
    tags: ['romance', 'revenge'],
    genres: ['romance', 'revenge'],
    hits: 1234,
    likes: 56,
    episode_count: 5,
    free_episodes: 2,
    synopsis: 'A bride at midnight.</script>',
    banner: '/media/posters/night-bride-720w.jpg',
    vip_covers: true,
    episodes: episodes.map((e) => ({
      id: e.id,
      number: e.number,
      title: lang === 'tr' ? `Bölüm ${e.number}` : `Part ${e.number}`,
      duration_s: e.durationS,
      free: e.number <= 2,
      locked: !playable(e),
      price: e.number <= 2 ? 0 : 30,
    })),
    prices: { episode: 30, locked_count: locked, all: Math.min(100, locked * 30) },
    favorited: own.favorited,
    progress: own.progress ? { episode_id: own.progress.episodeId, position_s: own.progress.positionS } : null,
    viewer: { signed_in: own.viewer.userId !== null, vip: own.viewer.vip, coin: own.viewer.coin },
  };
  return envelopeSchema(dramaDetailSchema).encode({ code: 200, message: 'OK', data: detail }).data;
}

const viewers: [string, ViewerInDrama][] = [
  ['a visitor', VISITOR_IN_DRAMA],
  [
    'a viewer with one unlock, a favourite and progress',
    {
      viewer: { userId: 9, vip: false, coin: 45 },
      entitlement: { vip: false, unlockedEpisodeIds: new Set([104]) },
      favorited: true,
      progress: { episodeId: 102, positionS: 12.5 },
      liked: false,
    },
  ],
  [
    'a viewer holding everything one by one',
    {
      viewer: { userId: 9, vip: false, coin: 0 },
      entitlement: { vip: false, unlockedEpisodeIds: new Set([103, 104, 105]) },
      favorited: false,
      progress: undefined,
      liked: false,
    },
  ],
  [
    'a VIP',
    {
      viewer: { ...VISITOR, userId: 3, vip: true, coin: 7 },
      entitlement: { vip: true, unlockedEpisodeIds: new Set() },
      favorited: false,
      progress: undefined,
      liked: false,
    },
  ],
];

describe('DramaPageJson', () => {
  for (const lang of ['en', 'zh', 'tr'] as const) {
    for (const [who, own] of viewers) {
      it(`joins, in ${lang} for ${who}, the answer the schema encodes`, () => {
        const json = DramaPageJson.build(drama, episodes, lang, '/media').forViewer(own);
        const answer = JSON.parse(json) as { code: number; message: string; data: DramaDetail };
        expect(answer.code).toBe(200);
        expect(answer.message).toBe('OK');
        expect(answer.data).toStrictEqual(expected(own, lang));
      });
    }
  }

  it('serves a drama without episodes', () => {
    const json = DramaPageJson.build(drama, [], 'en', 'https://cdn.example').forViewer(VISITOR_IN_DRAMA);
    const data = (JSON.parse(json) as { data: DramaDetail }).data;
    expect(data.episodes).toEqual([]);
    expect(data.poster).toBe('https://cdn.example/posters/night-bride-720w.jpg');
    expect(data.prices).toEqual({ episode: 30, locked_count: 0, all: 0 });
  });
});
