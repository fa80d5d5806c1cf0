import { Code, type DramaDetail, type Playback } from '@cliffhanger/contract';
import type { ConsoleDrama } from '@cliffhanger/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { auditOf, consoleCaller } from '../helpers/console-catalogue.js';
import { signedInOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';

/** A drama's episodes in the console over HTTP: order, titles, deleting, subtitles; each write audited. */
let t: TestApp;
const clock = new TestClock();
const sms = new RecordingSmsSender();
let api: ReturnType<typeof consoleCaller>;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, smsSender: sms });
  api = consoleCaller(t.app, await signedInOperator(t.app, clock, 'editor'));
});
afterAll(async () => {
  await t?.close();
});

const ids = (seeded: SeededDrama) => seeded.episodes.map((e) => e.id);
const drama = async (id: number) => envelope<ConsoleDrama>(await api.get(`/catalogue/dramas/${id}`)).data;
const text = async (path: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of (await t.app.services.media.get(path))!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const stored = async (path: string) => {
  const object = await t.app.services.media.get(path);
  object?.body.destroy();
  return object !== null;
};

describe('reordering episodes', () => {
  it('numbers the episodes 1..n in the order sent, audits the old and new order, and the viewer sees it', async () => {
    const seeded = await seedDrama(t.app, { episodes: 4, freeEpisodes: 1 });
    const [a, b, c, d] = ids(seeded) as [number, number, number, number];
    const response = await api.send('PUT', `/catalogue/dramas/${seeded.drama.id}/episodes/order`, {
      episode_ids: [d, a, c, b],
      reason: 'finale first',
    });
    const answer = envelope<ConsoleDrama>(response).data;
    expect(answer.episodes.map((e) => [e.id, e.number, e.free])).toEqual([
      [d, 1, true],
      [a, 2, false],
      [c, 3, false],
      [b, 4, false],
    ]);
    expect((await auditOf(t.app, `drama:${seeded.drama.id}`)).at(-1)).toMatchObject({
      action: 'episode.reorder',
      before: { order: [a, b, c, d] },
      after: { order: [d, a, c, b] },
      reason: 'finale first',
    });
    const viewer = envelope<DramaDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${seeded.drama.id}` }),
    ).data;
    expect(viewer.episodes.map((e) => e.id)).toEqual([d, a, c, b]);
  });

  it('does nothing (and audits nothing) for the order the drama already has', async () => {
    const seeded = await seedDrama(t.app, { episodes: 3 });
    await api.send('PUT', `/catalogue/dramas/${seeded.drama.id}/episodes/order`, { episode_ids: ids(seeded) });
    expect(await auditOf(t.app, `drama:${seeded.drama.id}`)).toHaveLength(0);
  });

  it.each([
    ['an episode left out', (own: number[]) => own.slice(0, 2), /leaves out/],
    ['an episode twice', (own: number[]) => [own[0]!, own[0]!, own[1]!, own[2]!], /more than once/],
    [
      'an episode of another drama',
      (own: number[], other: number[]) => [...own, other[0]!],
      /not episodes of this drama/,
    ],
    ['an unknown id', (own: number[]) => [...own.slice(0, 2), 99_999_999], /not episodes of this drama.*leaves out/],
  ])('refuses %s with 10001 on body.episode_ids and keeps the order', async (_name, order, message) => {
    const seeded = await seedDrama(t.app, { episodes: 3 });
    const other = await seedDrama(t.app, { episodes: 1 });
    const response = await api.send('PUT', `/catalogue/dramas/${seeded.drama.id}/episodes/order`, {
      episode_ids: order(ids(seeded), ids(other)),
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.episode_ids', message: expect.stringMatching(message) }] },
    });
    expect((await drama(seeded.drama.id)).episodes.map((e) => e.id)).toEqual(ids(seeded));
  });

  it('answers 404 for an unknown drama and refuses an empty order', async () => {
    expect(envelope(await api.send('PUT', '/catalogue/dramas/999999/episodes/order', { episode_ids: [1] })).code).toBe(
      Code.NOT_FOUND,
    );
    const seeded = await seedDrama(t.app, { episodes: 1 });
    expect(
      envelope(await api.send('PUT', `/catalogue/dramas/${seeded.drama.id}/episodes/order`, { episode_ids: [] })).code,
    ).toBe(Code.INVALID_INPUT);
  });
});

describe("an episode's title", () => {
  it('replaces the titles and audits the change', async () => {
    const seeded = await seedDrama(t.app, { episodes: 2 });
    const episode = seeded.episodes[1]!;
    const response = await api.send('PUT', `/catalogue/dramas/${seeded.drama.id}/episodes/${episode.id}`, {
      title: { en: 'The Reveal', zh: '真相' },
    });
    expect(envelope<ConsoleDrama>(response).data.episodes[1]!.title).toEqual({ en: 'The Reveal', zh: '真相' });
    expect((await auditOf(t.app, `drama:${seeded.drama.id}`)).at(-1)).toMatchObject({
      action: 'episode.update',
      before: { episode_id: episode.id, title: episode.title },
      after: { episode_id: episode.id, title: { en: 'The Reveal', zh: '真相' } },
    });
  });

  it('refuses a missing English title, and an episode of another drama (404)', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const other = await seedDrama(t.app, { episodes: 1 });
    const path = `/catalogue/dramas/${seeded.drama.id}/episodes`;
    expect(
      envelope(await api.send('PUT', `${path}/${seeded.episodes[0]!.id}`, { title: { zh: '只有中文' } })).code,
    ).toBe(Code.INVALID_INPUT);
    expect(envelope(await api.send('PUT', `${path}/${other.episodes[0]!.id}`, { title: { en: 'X' } })).code).toBe(
      Code.NOT_FOUND,
    );
  });
});

describe('deleting an episode', () => {
  it('deletes an episode of a drama that is not published, closes the gap, audits it and deletes its media', async () => {
    const seeded = await seedDrama(t.app, { episodes: 3, publishedAt: null });
    const [a, b, c] = seeded.episodes as [
      (typeof seeded.episodes)[0],
      (typeof seeded.episodes)[0],
      (typeof seeded.episodes)[0],
    ];
    // The import's record of the dir lists its files; the delete removes what it lists.
    await t.app.services.media.put(
      `${b.mediaDir}/source.json`,
      Buffer.from(JSON.stringify({ key: 'k', duration_s: 6, files: ['master.m3u8', 'hd/seg_000.ts'] })),
      'application/json',
    );
    const response = await api.send('DELETE', `/catalogue/dramas/${seeded.drama.id}/episodes/${b.id}`, {
      reason: 'duplicate upload',
    });
    expect(envelope<ConsoleDrama>(response).data.episodes.map((e) => [e.id, e.number])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect((await auditOf(t.app, `drama:${seeded.drama.id}`)).at(-1)).toMatchObject({
      action: 'episode.delete',
      before: { episode: { id: b.id, number: 2, media_dir: b.mediaDir }, order: [a.id, b.id, c.id] },
      after: { episode: null, order: [a.id, c.id] },
      reason: 'duplicate upload',
    });
    expect(await stored(`${b.mediaDir}/master.m3u8`)).toBe(false);
    expect(await stored(`${b.mediaDir}/source.json`)).toBe(false);
    expect(await stored(b.subtitles.en!)).toBe(false);
    expect(await stored(`${a.mediaDir}/master.m3u8`)).toBe(true);
  });

  it('refuses while the drama is published or scheduled (80016), and keeps the episode', async () => {
    const published = await seedDrama(t.app, { episodes: 2 });
    const scheduled = await seedDrama(t.app, { episodes: 2, publishedAt: new Date(clock.now().getTime() + 3600_000) });
    for (const seeded of [published, scheduled]) {
      const response = await api.send(
        'DELETE',
        `/catalogue/dramas/${seeded.drama.id}/episodes/${seeded.episodes[0]!.id}`,
        {},
      );
      expect(response.statusCode).toBe(409);
      expect(envelope(response).code).toBe(Code.DRAMA_IS_PUBLISHED);
      expect((await drama(seeded.drama.id)).episodes).toHaveLength(2);
    }
  });

  it('refuses an episode a viewer has unlocked (80017), even once the drama is unpublished', async () => {
    const seeded = await seedDrama(t.app, { episodes: 3, freeEpisodes: 1 });
    const viewer = await signIn({ app: t.app, sms });
    const paid = seeded.episodes[2]!;
    await t.app.database.db.execute(
      sql`insert into episode_unlocks (user_id, episode_id) values (${viewer.user.uid}, ${paid.id})`,
    );
    await api.send('POST', `/catalogue/dramas/${seeded.drama.id}/unpublish`, {});
    const response = await api.send('DELETE', `/catalogue/dramas/${seeded.drama.id}/episodes/${paid.id}`, {});
    expect(envelope(response).code).toBe(Code.EPISODE_UNLOCKED);
    expect((await drama(seeded.drama.id)).episodes.map((e) => e.id)).toEqual(ids(seeded));
  });

  it('answers 404 for an episode of another drama and for an unknown drama', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1, publishedAt: null });
    const other = await seedDrama(t.app, { episodes: 1, publishedAt: null });
    const wrong = await api.send(
      'DELETE',
      `/catalogue/dramas/${seeded.drama.id}/episodes/${other.episodes[0]!.id}`,
      {},
    );
    expect(envelope(wrong).code).toBe(Code.NOT_FOUND);
    expect(envelope(await api.send('DELETE', '/catalogue/dramas/999999/episodes/1', {})).code).toBe(Code.NOT_FOUND);
    expect((await drama(other.drama.id)).episodes).toHaveLength(1);
  });
});

const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello <script>x</script>&amp; bye\n';

describe('subtitles', () => {
  it('stores an uploaded WebVTT file sanitised, under a content-named path, replaces the old one and audits it', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const episode = seeded.episodes[0]!;
    const old = episode.subtitles.en!;
    const response = await api.upload(
      `/catalogue/dramas/${seeded.drama.id}/episodes/${episode.id}/subtitles/en`,
      Buffer.from(VTT),
      'ep1.en.vtt',
      'text/vtt',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<ConsoleDrama>(response).data.episodes[0]!.subtitles).toEqual(['zh', 'en', 'tr']);
    const [entry] = (await auditOf(t.app, `drama:${seeded.drama.id}`)).filter((e) => e.action === 'episode.subtitle');
    const path = (entry!.after as { subtitle: string }).subtitle;
    expect(entry).toMatchObject({ before: { episode_id: episode.id, lang: 'en', subtitle: old } });
    expect(path).toMatch(new RegExp(`^${episode.mediaDir}/subs/en-[0-9a-f]{8}\\.vtt$`));
    expect(await text(path)).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello x&amp; bye\n');
    expect(await stored(old)).toBe(false);

    const play = envelope<Playback>(
      await t.app.inject({ method: 'GET', url: `/api/v1/episodes/${episode.id}/play` }),
    ).data;
    expect(play.subtitles.find((s) => s.lang === 'en')?.url).toContain(path);
  });

  it.each([
    ['a file without the WEBVTT header', Buffer.from('00:00:01.000 --> 00:00:02.000\nHi\n'), /WEBVTT/],
    ['a cue ending before it starts', Buffer.from('WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nHi\n'), /before it starts/],
    ['text that is not UTF-8', Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), /UTF-8/],
    ['an image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), /UTF-8|WEBVTT/],
  ])('refuses %s with 10001 naming the line, and keeps the subtitle', async (_name, bytes, message) => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const episode = seeded.episodes[0]!;
    const response = await api.upload(
      `/catalogue/dramas/${seeded.drama.id}/episodes/${episode.id}/subtitles/tr`,
      bytes,
      'bad.vtt',
      'text/vtt',
    );
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toMatchObject({
      code: Code.INVALID_INPUT,
      data: { fields: [{ field: 'body.file', message: expect.stringMatching(message) }] },
    });
    expect(await auditOf(t.app, `drama:${seeded.drama.id}`)).toHaveLength(0);
    expect(await stored(episode.subtitles.tr!)).toBe(true);
  });

  it('refuses a file over 512 KB with 10004, an unknown language, and a missing file', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const path = `/catalogue/dramas/${seeded.drama.id}/episodes/${seeded.episodes[0]!.id}/subtitles`;
    const big = Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'x'.repeat(600 * 1024)}\n`);
    const tooLarge = await api.upload(`${path}/en`, big, 'big.vtt', 'text/vtt');
    expect(tooLarge.statusCode).toBe(413);
    expect(envelope(tooLarge).code).toBe(Code.PAYLOAD_TOO_LARGE);
    expect(envelope(await api.upload(`${path}/fr`, Buffer.from(VTT), 'a.vtt', 'text/vtt')).code).toBe(
      Code.INVALID_INPUT,
    );
    expect(envelope(await api.send('PUT', `${path}/en`, { file: VTT })).code).toBe(Code.INVALID_INPUT);
  });

  it('removes a subtitle, audits it and deletes its file; removing it again changes nothing', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const episode = seeded.episodes[0]!;
    const url = `/catalogue/dramas/${seeded.drama.id}/episodes/${episode.id}/subtitles/zh`;
    const response = await api.send('DELETE', url, { reason: 'wrong language' });
    expect(envelope<ConsoleDrama>(response).data.episodes[0]!.subtitles).toEqual(['en', 'tr']);
    expect(await stored(episode.subtitles.zh!)).toBe(false);
    await api.send('DELETE', url, {});
    expect(
      (await auditOf(t.app, `drama:${seeded.drama.id}`)).map((e) => [e.action, e.before, e.after, e.reason]),
    ).toEqual([
      [
        'episode.subtitle',
        { episode_id: episode.id, lang: 'zh', subtitle: episode.subtitles.zh },
        { episode_id: episode.id, lang: 'zh', subtitle: null },
        'wrong language',
      ],
    ]);
  });

  it('answers 404 for an episode of another drama', async () => {
    const seeded = await seedDrama(t.app, { episodes: 1 });
    const other = await seedDrama(t.app, { episodes: 1 });
    const response = await api.upload(
      `/catalogue/dramas/${seeded.drama.id}/episodes/${other.episodes[0]!.id}/subtitles/en`,
      Buffer.from(VTT),
      'a.vtt',
      'text/vtt',
    );
    expect(envelope(response).code).toBe(Code.NOT_FOUND);
  });
});
