import { Code, type AdRewardResult, type NextAd } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeRow } from '../../src/db/catalog.schema.js';
import { envelope } from '../helpers/accounts.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createRewardsKit, type RewardsKit } from '../rewards/rewards-kit.js';

let kit: RewardsKit;
let watched: EpisodeRow[];
let promoDramaId: number;

beforeAll(async () => {
  kit = await createRewardsKit({ env: { AD_REWARD_DAILY_CAP: '2' } });
  watched = (await seedDrama(kit.t.app, { episodes: 8, freeEpisodes: 8 })).episodes;
  promoDramaId = (await seedDrama(kit.t.app, { freeEpisodes: 1 })).drama.id;
});
afterAll(async () => {
  await kit?.close();
});

const next = async (token: string | undefined, query: string) =>
  envelope<NextAd>(await kit.call('GET', `/ads/next${query}`, token ? { token } : {}));
const reward = (token: string, payload: unknown) => kit.call('POST', '/ads/reward', { token, payload });
/** Longer than any fixture clip: the reward is refused until the ad could have played to the end. */
const AD_PLAYED_S = 200;
const servedAndWatched = async (token: string) => {
  const ad = (await next(token, '?kind=rewarded')).data.ad;
  kit.clock.advance(AD_PLAYED_S);
  return ad;
};
const makeVip = (uid: number) =>
  kit.t.app.database.db.execute(
    sql`UPDATE users SET vip_expires_at = ${new Date(kit.clock.now().getTime() + 86_400_000)} WHERE id = ${uid}`,
  );

describe('GET /ads/next (interstitial)', () => {
  it('shows a house ad of another drama before every 3rd distinct episode of the day', async () => {
    kit.clock.set('2026-11-21T10:00:00Z');
    const me = await kit.user();
    const ads: (string | null)[] = [];
    for (const episode of watched.slice(0, 6)) {
      const answer = await next(me.token, `?episode_id=${episode.id}`);
      ads.push(answer.data.ad?.id ?? null);
    }
    expect(ads.map((id) => id !== null)).toEqual([false, false, true, false, false, true]);
    const ad = (await next(me.token, `?episode_id=${watched[2]!.id}`)).data.ad;
    expect(ad).toMatchObject({
      id: `house:drama:${promoDramaId}`,
      kind: 'house',
      placement: 'interstitial',
      drama_id: promoDramaId,
      skippable_after_s: 5,
      token: null,
      reward: null,
    });
    expect(ad!.playlist_url).toMatch(/^\/media\/t\/k0\.\d+\.[\w-]{43}\/episodes\/.*\/master\.m3u8$/);
    // The same episode again keeps its place: no extra ad for a reload.
    expect((await next(me.token, `?episode_id=${watched[0]!.id}`)).data.ad).toBeNull();
    // Next day: counting starts again.
    kit.clock.set('2026-11-22T10:00:00Z');
    expect((await next(me.token, `?episode_id=${watched[2]!.id}`)).data.ad).toBeNull();
  });

  it('the tokened clip plays', async () => {
    kit.clock.set('2026-11-23T10:00:00Z');
    const me = await kit.user();
    const answers: NextAd[] = [];
    for (const episode of watched.slice(0, 3)) answers.push((await next(me.token, `?episode_id=${episode.id}`)).data);
    const url = answers[2]?.ad?.playlist_url;
    expect(url).toBeDefined();
    const res = await kit.t.app.inject({ method: 'GET', url: url ?? '' });
    expect(res.statusCode).toBe(200);
  });

  it('never shows VIP members an ad', async () => {
    const vip = await kit.user();
    await makeVip(vip.user.uid);
    for (const episode of watched.slice(0, 6)) {
      expect((await next(vip.token, `?episode_id=${episode.id}`)).data).toEqual({
        ad: null,
        rewarded_today: 0,
        rewarded_daily_cap: 0,
      });
    }
    expect((await next(vip.token, '?kind=rewarded')).data.ad).toBeNull();
  });

  it('answers null without an episode and 10002 for an unknown one', async () => {
    const me = await kit.user();
    expect((await next(me.token, '')).data.ad).toBeNull();
    expect((await next(me.token, '?episode_id=999999')).code).toBe(Code.NOT_FOUND);
  });
});

describe('rewarded ads', () => {
  it('a served token pays 10 once; at the daily cap no more are served; the next day pays again', async () => {
    kit.clock.set('2026-12-01T10:00:00Z');
    const me = await kit.user();
    const first = (await next(me.token, '?kind=rewarded')).data;
    expect(first).toMatchObject({ rewarded_today: 0, rewarded_daily_cap: 2 });
    expect(first.ad).toMatchObject({ placement: 'rewarded', reward: 10 });
    const token = first.ad!.token!;
    kit.clock.advance(AD_PLAYED_S);
    expect(envelope<AdRewardResult>(await reward(me.token, { token }))).toMatchObject({
      code: 200,
      data: { coins: 10, balance: 10, rewarded_today: 1 },
    });
    expect(envelope(await reward(me.token, { token }))).toMatchObject({ code: Code.ALREADY_OWNED, data: { coins: 0 } });

    // One rewarded ad at a time: serving the third voids the unpaid second.
    const second = (await servedAndWatched(me.token))!.token!;
    const third = (await servedAndWatched(me.token))!.token!;
    expect(envelope(await reward(me.token, { token: second })).code).toBe(Code.AD_NOT_SERVED);
    expect(envelope(await reward(me.token, { token: third })).data.balance).toBe(20);
    expect((await next(me.token, '?kind=rewarded')).data).toMatchObject({ ad: null, rewarded_today: 2 });
    expect((await next(me.token, '?kind=rewarded')).data).toMatchObject({ ad: null, rewarded_today: 2 });

    kit.clock.set('2026-12-02T00:00:05Z');
    const tomorrow = (await next(me.token, '?kind=rewarded')).data;
    expect(tomorrow.rewarded_today).toBe(0);
    kit.clock.advance(AD_PLAYED_S);
    expect(envelope(await reward(me.token, { token: tomorrow.ad!.token! })).data).toMatchObject({
      coins: 10,
      balance: 30,
    });
    expect(
      await kit.scalar(sql`SELECT count(*) FROM wallet_entries WHERE user_id = ${me.user.uid} AND kind = 'ad_reward'`),
    ).toBe(3);
  });

  it('refuses a token never served, one served to someone else, or an expired one (40704)', async () => {
    kit.clock.set('2026-12-05T10:00:00Z');
    const me = await kit.user();
    const other = await kit.user();
    expect(envelope(await reward(me.token, { token: 'made-up-token' })).code).toBe(Code.AD_NOT_SERVED);
    const theirs = (await next(other.token, '?kind=rewarded')).data.ad!.token!;
    expect(envelope(await reward(me.token, { token: theirs })).code).toBe(Code.AD_NOT_SERVED);
    const mine = (await next(me.token, '?kind=rewarded')).data.ad!.token!;
    kit.clock.advance(31 * 60);
    expect(envelope(await reward(me.token, { token: mine })).code).toBe(Code.AD_NOT_SERVED);
    expect(envelope(await reward(me.token, {})).code).toBe(Code.INVALID_INPUT);
    expect(envelope(await reward(me.token, { token: mine, amount: 100 })).code).toBe(Code.INVALID_INPUT);
    expect(await kit.coin(me.user.uid)).toBe(0);
  });

  it('refuses a reward before the ad has played (40705 with wait_s); the token stays good until then', async () => {
    kit.clock.set('2026-12-07T10:00:00Z');
    const me = await kit.user();
    const token = (await next(me.token, '?kind=rewarded')).data.ad!.token!;
    // The fixture clip is 6 s long; 2 s of slack: payable from 4 s after serving.
    const early = await reward(me.token, { token });
    expect(early.statusCode).toBe(409);
    expect(envelope(early)).toMatchObject({ code: Code.AD_NOT_FINISHED, data: { wait_s: 4 } });
    kit.clock.advance(3);
    expect(envelope(await reward(me.token, { token }))).toMatchObject({
      code: Code.AD_NOT_FINISHED,
      data: { wait_s: 1 },
    });
    expect(await kit.coin(me.user.uid)).toBe(0);
    kit.clock.advance(1);
    expect(envelope(await reward(me.token, { token }))).toMatchObject({ code: 200, data: { coins: 10 } });
  });

  it('five ads fetched at once ripen as one: only the last served can pay', async () => {
    kit.clock.set('2026-12-08T10:00:00Z');
    const me = await kit.user();
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push((await next(me.token, '?kind=rewarded')).data.ad!.token!);
    kit.clock.advance(AD_PLAYED_S);
    const results = [];
    for (const token of tokens) results.push(envelope(await reward(me.token, { token })).code);
    expect(results).toEqual([Code.AD_NOT_SERVED, Code.AD_NOT_SERVED, Code.AD_NOT_SERVED, Code.AD_NOT_SERVED, 200]);
    expect(await kit.coin(me.user.uid)).toBe(10);
  });

  it('visitors get no rewarded ad; VIP members cannot claim (10005)', async () => {
    expect((await next(undefined, '?kind=rewarded')).data.ad).toBeNull();
    const me = await kit.user();
    const token = (await next(me.token, '?kind=rewarded')).data.ad!.token!;
    await makeVip(me.user.uid);
    expect(envelope(await reward(me.token, { token })).code).toBe(Code.FORBIDDEN);
    expect(await kit.coin(me.user.uid)).toBe(0);
  });
});
