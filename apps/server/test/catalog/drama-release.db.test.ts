import { Code, DRAMA_SORTS, type Home, type NextAd, type Page, type Session } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope } from '../helpers/accounts.js';
import { seedDrama, setPublishedAt, type FixtureDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from '../wallet/wallet-kit.js';

/**
 * Viewers see a drama only once it is released: a draft (never published), an unpublished and a
 * scheduled drama are on no shelf and in no list, their pages and episodes are not found, nothing
 * of theirs can be bought, liked, commented on, kept or shared, and no signed media URL of theirs
 * is handed out. A scheduled drama appears at its time with nobody publishing anything.
 */
let kit: WalletKit;
let released: SeededDrama;
let draft: SeededDrama;
let unpublished: SeededDrama;
let scheduled: SeededDrama;
/** Favourited, watched, unlocked and liked the unpublished drama while it was released. */
let fan: Session;
const RELEASE_IN_S = 3600;

/** Ranked, played and liked above the released drama: on every shelf and first in every sort, were it shown. */
const prominent = (title: string): FixtureDrama => ({
  title: { en: `${title} Tide` },
  episodes: 3,
  freeEpisodes: 1,
  hits: 1000,
  likes: 1000,
  bannerRank: 1,
  recommendRank: 1,
});

const hidden = () => [draft, unpublished, scheduled];
const hiddenIds = () => hidden().map((seeded) => seeded.drama.id);
const hiddenEpisodeIds = () => hidden().flatMap((seeded) => seeded.episodes.map((episode) => episode.id));

/** A playable episode's master playlist: its media token rides in the path. */
const PLAYABLE = /\/media\/t\/[^/]+\/.+\/master\.m3u8$/;
const get = (url: string, token?: string) => kit.call('GET', url, token ? { token } : {});
const homeIds = async () => {
  const home = envelope<Home>(await get('/home')).data;
  return {
    banners: home.banners.map((banner) => banner.drama_id),
    recommended: home.recommended.map((card) => card.id),
    hot: home.hot.map((card) => card.id),
    latest: home.latest.map((card) => card.id),
  };
};
const listIds = async (query: string, token?: string) => {
  const page = envelope<Page<{ id: number }>>(await get(query, token)).data;
  return { ids: page.list.map((card) => card.id), total: page.total };
};

beforeAll(async () => {
  // An interstitial before every episode: whether a house ad exists shows on the first ask.
  kit = await createWalletKit({ env: { ADS_EVERY_N_EPISODES: '1' } });
  const app = kit.t.app;
  released = await seedDrama(app, { title: { en: 'Released Tide' }, episodes: 3, freeEpisodes: 1, hits: 1, likes: 1 });
  draft = await seedDrama(app, { ...prominent('Draft'), publishedAt: null });
  unpublished = await seedDrama(app, prominent('Unpublished'));
  scheduled = await seedDrama(app, {
    ...prominent('Scheduled'),
    publishedAt: new Date(kit.clock.now().getTime() + RELEASE_IN_S * 1000),
  });

  fan = await kit.user();
  await kit.credit(fan.user.uid, 500);
  for (const seeded of [released, unpublished]) {
    const token = fan.token;
    expect((await kit.call('PUT', `/favorites/${seeded.drama.id}`, { token })).statusCode).toBe(200);
    const watched = { episode_id: seeded.episodes[0]!.id, position_s: 3 };
    expect((await kit.call('PUT', '/history', { token, payload: watched })).statusCode).toBe(200);
    expect((await kit.unlock(token, { episode_id: seeded.episodes[1]!.id })).statusCode).toBe(200);
  }
  // Its public answers are in memory when it is unpublished.
  expect((await homeIds()).hot).toContain(unpublished.drama.id);
  expect((await get(`/dramas/${unpublished.drama.id}`)).statusCode).toBe(200);
  expect((await get(`/episodes/${unpublished.episodes[0]!.id}/play`)).statusCode).toBe(200);
  await setPublishedAt(app, unpublished.drama.id, null);
});
afterAll(async () => {
  if (kit) expect((await kit.reconcile()).differences).toEqual([]);
  await kit?.close();
});

describe('dramas not released are invisible to viewers', () => {
  it('home shows none of them on any shelf; the released drama is there', async () => {
    const home = await homeIds();
    for (const shelf of Object.values(home)) expect(shelf).toEqual([released.drama.id]);
  });

  it('the browse list and search leave them out of every sort and of the total', async () => {
    for (const sort of DRAMA_SORTS) {
      expect(await listIds(`/dramas?sort=${sort}`)).toEqual({ ids: [released.drama.id], total: 1 });
      expect(await listIds(`/dramas?sort=${sort}&q=tide`)).toEqual({ ids: [released.drama.id], total: 1 });
    }
    expect(await listIds('/dramas?q=scheduled')).toEqual({ ids: [], total: 0 });
  });

  it("a drama's page is not found, for a visitor and for a viewer who held it", async () => {
    for (const id of hiddenIds()) {
      for (const token of [undefined, fan.token]) {
        const res = await get(`/dramas/${id}`, token);
        expect(res.statusCode).toBe(404);
        expect(envelope(res).code).toBe(Code.NOT_FOUND);
      }
    }
    expect((await get(`/dramas/${released.drama.id}`, fan.token)).statusCode).toBe(200);
  });

  it('no episode plays and no media URL is signed, even a free or an unlocked one', async () => {
    for (const id of hiddenEpisodeIds()) {
      for (const token of [undefined, fan.token]) {
        const res = await get(`/episodes/${id}/play`, token);
        expect(res.statusCode).toBe(404);
        expect(envelope(res).code).toBe(Code.NOT_FOUND);
        expect(res.body).not.toContain('.m3u8');
      }
    }
    // The released drama plays as before: free, unlocked, and locked with its prices.
    const [free, unlocked, locked] = released.episodes.map((episode) => episode.id);
    expect(envelope(await get(`/episodes/${free}/play`)).data.playlist_url).toMatch(PLAYABLE);
    expect(envelope(await get(`/episodes/${unlocked}/play`, fan.token)).data.playlist_url).toMatch(PLAYABLE);
    expect(envelope(await get(`/episodes/${locked}/play`, fan.token)).code).toBe(Code.EPISODE_LOCKED);
  });

  it('nothing of theirs can be unlocked or paid for: not found, and no coin moves', async () => {
    const buyer = await kit.user();
    await kit.credit(buyer.user.uid, 500);
    const asks = hidden().flatMap((seeded) => [
      { episode_id: seeded.episodes[2]!.id },
      { episode_id: seeded.episodes[2]!.id, drama_id: seeded.drama.id },
      { drama_id: seeded.drama.id, all: true },
      { drama_id: seeded.drama.id, episode_id: seeded.episodes[2]!.id, all: true },
    ]);
    for (const ask of asks) {
      const res = await kit.unlock(buyer.token, ask);
      expect(res.statusCode).toBe(404);
      expect(envelope(res).code).toBe(Code.NOT_FOUND);
    }
    expect(await kit.coin(buyer.user.uid)).toBe(500);
    expect(await kit.scalar(sql`SELECT count(*) FROM episode_unlocks WHERE user_id = ${buyer.user.uid}`)).toBe(0);
    // The released drama still sells.
    const bought = await kit.unlock(buyer.token, { episode_id: released.episodes[2]!.id });
    expect(envelope(bought).data).toMatchObject({ cost: 30, balance: 470 });
  });

  it('favourites and history hide them and keep the rows; neither can be added to', async () => {
    expect(await listIds('/favorites', fan.token)).toEqual({ ids: [released.drama.id], total: 1 });
    expect(await listIds('/history', fan.token)).toEqual({ ids: [released.drama.id], total: 1 });
    const rows = (table: 'favorites' | 'watch_history') =>
      kit.scalar(sql`SELECT count(*) FROM ${sql.raw(table)} WHERE user_id = ${fan.user.uid}`);
    expect(await rows('favorites')).toBe(2);
    expect(await rows('watch_history')).toBe(2);

    for (const seeded of hidden()) {
      const favourite = await kit.call('PUT', `/favorites/${seeded.drama.id}`, { token: fan.token });
      expect(envelope(favourite).code).toBe(Code.NOT_FOUND);
      const watched = { episode_id: seeded.episodes[0]!.id, position_s: 3 };
      expect(envelope(await kit.call('PUT', '/history', { token: fan.token, payload: watched })).code).toBe(
        Code.NOT_FOUND,
      );
    }
    expect(await rows('favorites')).toBe(2);
    expect(await rows('watch_history')).toBe(2);
  });

  it('comments, likes and shares of their episodes are not found', async () => {
    const token = fan.token;
    for (const id of hiddenEpisodeIds()) {
      const answers = [
        await get(`/episodes/${id}/comments`),
        await kit.call('POST', `/episodes/${id}/comments`, { token, payload: { text: 'first!' } }),
        await kit.call('PUT', `/episodes/${id}/like`, { token }),
        await kit.call('DELETE', `/episodes/${id}/like`, { token }),
        await kit.call('POST', '/task/share', {
          token,
          payload: { target: 'episode', episode_id: id, channel: 'copy_link' },
        }),
      ];
      for (const res of answers) expect([res.statusCode, envelope(res).code]).toEqual([404, Code.NOT_FOUND]);
    }
    expect(await kit.scalar(sql`SELECT count(*) FROM comments`)).toBe(0);
    const like = await kit.call('PUT', `/episodes/${released.episodes[0]!.id}/like`, { token });
    expect(envelope(like).data).toMatchObject({ liked: true });
  });

  it('no house ad promotes them, and an ad asked for before one of their episodes is not found', async () => {
    // The released drama is the one being watched, so only the hidden ones could be promoted.
    const next = envelope<NextAd>(await get(`/ads/next?episode_id=${released.episodes[0]!.id}`));
    expect(next).toMatchObject({ code: 200, data: { ad: null } });
    const before = await get(`/ads/next?episode_id=${draft.episodes[0]!.id}`);
    expect([before.statusCode, envelope(before).code]).toEqual([404, Code.NOT_FOUND]);
  });

  it("an unpublish reaches the answers already in this process's memory at once", async () => {
    const app = kit.t.app;
    const again = await seedDrama(app, { title: { en: 'Withdrawn' }, episodes: 1, freeEpisodes: 1 });
    const episode = again.episodes[0]!.id;
    expect((await homeIds()).latest).toContain(again.drama.id);
    expect((await listIds('/dramas?sort=az')).ids).toContain(again.drama.id);
    expect((await get(`/dramas/${again.drama.id}`)).statusCode).toBe(200);
    expect((await get(`/episodes/${episode}/play`)).statusCode).toBe(200);

    await setPublishedAt(app, again.drama.id, null);
    expect((await homeIds()).latest).not.toContain(again.drama.id);
    expect((await listIds('/dramas?sort=az')).ids).not.toContain(again.drama.id);
    expect((await get(`/dramas/${again.drama.id}`)).statusCode).toBe(404);
    expect((await get(`/episodes/${episode}/play`)).statusCode).toBe(404);
  });

  it("a republished drama is back in the fan's favourites and history, with what they bought", async () => {
    const app = kit.t.app;
    await setPublishedAt(app, unpublished.drama.id, new Date(kit.clock.now().getTime() - 1000));
    try {
      expect((await listIds('/favorites', fan.token)).ids).toContain(unpublished.drama.id);
      expect((await listIds('/history', fan.token)).ids).toContain(unpublished.drama.id);
      const play = await get(`/episodes/${unpublished.episodes[1]!.id}/play`, fan.token);
      expect(envelope(play).data.playlist_url).toMatch(PLAYABLE);
    } finally {
      await setPublishedAt(app, unpublished.drama.id, null);
    }
    expect((await listIds('/favorites', fan.token)).ids).not.toContain(unpublished.drama.id);
  });
});

describe('a scheduled release', () => {
  it('appears at its time on every read, with no catalogue change published', async () => {
    const changes = vi.spyOn(kit.t.app.services.catalogChanges, 'publish');
    const id = scheduled.drama.id;
    const [free, , paid] = scheduled.episodes.map((episode) => episode.id);
    try {
      // Every public answer is in memory a second before the release.
      kit.clock.advance(RELEASE_IN_S - 1);
      expect((await homeIds()).hot).not.toContain(id);
      expect((await listIds('/dramas?sort=hits')).ids).not.toContain(id);
      expect((await get(`/dramas/${id}`)).statusCode).toBe(404);
      expect((await get(`/episodes/${free}/play`)).statusCode).toBe(404);

      kit.clock.advance(1);
      const home = await homeIds();
      for (const shelf of Object.values(home)) expect(shelf[0]).toBe(id);
      expect(await listIds('/dramas?sort=hits')).toEqual({ ids: [id, released.drama.id], total: 2 });
      expect((await get(`/dramas/${id}`)).statusCode).toBe(200);
      expect(envelope(await get(`/episodes/${free}/play`)).data.playlist_url).toMatch(PLAYABLE);

      const viewer = await kit.user();
      await kit.credit(viewer.user.uid, 100);
      expect(envelope(await kit.unlock(viewer.token, { episode_id: paid })).data).toMatchObject({ cost: 30 });
      expect(envelope(await kit.call('PUT', `/favorites/${id}`, { token: viewer.token })).code).toBe(200);
      expect(envelope(await kit.call('PUT', `/episodes/${free}/like`, { token: viewer.token })).code).toBe(200);
      // Now the one drama another could be promoted by.
      const ad = envelope<NextAd>(await get(`/ads/next?episode_id=${released.episodes[0]!.id}`)).data.ad;
      expect(ad?.drama_id).toBe(id);
      expect(changes).not.toHaveBeenCalled();
    } finally {
      changes.mockRestore();
    }
  });
});
