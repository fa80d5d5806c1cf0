import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Playback } from '@cliffhanger/contract';
import { startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppInstance } from '../../src/app-instance.js';
import { loadConfig } from '../../src/config.js';
import { episodes } from '../../src/db/catalog.schema.js';
import { EPISODE_FILES, seedDrama, setPublishedAt, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startEdge, type EdgeProcess } from './edge-process.js';

/**
 * The media edge (deploy/nginx/edge.conf) in front of two compiled API processes that hear
 * catalogue changes through Redis, as deployed. A token minted before an unpublish or a re-import
 * stays genuine until it expires; the edge must stop serving its files, cached ones included,
 * within its directory check's cache time, without the files' bytes reaching a process again.
 */
const SECRET = 'edge-purge-key-0123456789abcdefghijklmno';
/** How long the edge keeps a directory check's answer (edge.conf, proxy_cache_valid 204 404). */
const EDGE_CHECK_TTL_MS = 10_000;
/** The longest a change may take to show at the edge: its cache time, a process's round trip, polling. */
const CHANGE_SEEN_WITHIN_MS = EDGE_CHECK_TTL_MS + 3_000;
const redisUrl = process.env.REDIS_URL;

let dataDir: string;
let database: TestDatabaseUrl;
/** The operator's side: writes the catalogue and says it changed, on the same Redis. */
let operator: AppInstance;
let seeded: SeededDrama;
const api: ServerProcess[] = [];
const proxies: CountingProxy[] = [];
let edge: EdgeProcess;
let startedAt = 0;

beforeAll(async () => {
  if (!redisUrl) throw new Error('this suite needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  dataDir = mkdtempSync(join(tmpdir(), 'ch-edge-purge-'));
  database = await createTestDatabaseUrl();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl!,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'edge-purge-secret-0123456789abcdefghijklmnop',
    MEDIA_TOKEN_KEYS: `k1:${SECRET}`,
  };
  operator = await buildApp(loadConfig(env));
  seeded = await seedDrama(operator, { episodes: 2, freeEpisodes: 2 });
  api.push(await startServerProcess(env, { compiled: true }), await startServerProcess(env, { compiled: true }));
  for (const server of api) proxies.push(await startCountingProxy(Number(new URL(server.url).port)));
  edge = await startEdge(
    proxies.map((p) => p.port),
    `k1:${SECRET}`,
  );
  startedAt = Date.now();
}, 120_000);

afterAll(async () => {
  await edge?.stop();
  for (const proxy of proxies) await proxy.close();
  for (const server of api) await server.stop();
  await operator?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Requests that reached either process for `path` (the media path without token, `/media/…`). */
const reached = (path: string) => proxies.reduce((n, proxy) => n + (proxy.counts.get(path) ?? 0), 0);
const withoutToken = (url: string) => new URL(url).pathname.replace(/^\/media\/t\/[^/]*\//, '/media/');

/** The playlist URL the play API gives a viewer now, through the edge (absolute). */
async function playlistOf(episodeId: number): Promise<string> {
  const res = await fetch(`${edge.url}/api/v1/episodes/${episodeId}/play`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: Playback };
  return new URL(data.playlist_url, edge.url).href;
}

/** Every file of the episode the playlist opens, with its token, as a player would ask for them. */
const filesOf = (playlistUrl: string) =>
  Object.keys(EPISODE_FILES).map((file) => new URL(file, playlistUrl).href);

async function status(url: string): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await fetch(url);
  return { status: res.status, cache: res.headers.get('x-cache-status'), body: await res.text() };
}

/** Asks `url` every 200 ms until it answers `wanted`; how long that took. Fails past `withinMs`. */
async function untilStatus(url: string, wanted: number, withinMs = CHANGE_SEEN_WITHIN_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { status: got } = await status(url);
    if (got === wanted) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${url} still answers ${got} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Directory checks that reached the processes for `dir`: at most about one per edge cache time. */
function expectDirChecksBounded(dir: string): void {
  const checks = reached(`/media/${dir}/`);
  expect(checks).toBeGreaterThanOrEqual(1);
  expect(checks).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / EDGE_CHECK_TTL_MS) + 2);
}

describe('the media edge when an episode stops being served', () => {
  it('refuses a still-valid token within seconds of an unpublish, cached files included, and serves again on re-publish', async () => {
    const episode = seeded.episodes[0]!;
    const files = filesOf(await playlistOf(episode.id));
    for (const url of files) expect((await status(url)).status, url).toBe(200);
    for (const url of files) expect((await status(url)).cache, url).toBe('HIT');
    const fileCounts = files.map((url) => reached(withoutToken(url)));
    expect(fileCounts.every((n) => n === 1)).toBe(true);

    await setPublishedAt(operator, seeded.drama.id, null);
    const tookMs = await untilStatus(files[0]!, 404);
    expect(tookMs).toBeLessThanOrEqual(CHANGE_SEEN_WITHIN_MS);
    for (const url of files) {
      const refused = await status(url);
      expect(refused.status, url).toBe(404);
      expect(JSON.parse(refused.body)).toEqual({ code: 10002, message: 'Not found', data: null });
      expect(refused.cache, url).toBeNull();
    }
    // The play API no longer mints for it, and a process asked directly refuses the old token too.
    expect((await fetch(`${edge.url}/api/v1/episodes/${episode.id}/play`)).status).toBe(404);
    expect((await fetch(files[1]!.replace(edge.url, api[0]!.url))).status).toBe(404);

    await setPublishedAt(operator, seeded.drama.id, new Date('2020-01-01T00:00:00Z'));
    await untilStatus(files[0]!, 200);
    for (const url of files) expect(await status(url), url).toMatchObject({ status: 200, cache: 'HIT' });
    // Refused or served again, the files' bytes never went back to a process: the edge kept them.
    expect(files.map((url) => reached(withoutToken(url)))).toEqual(fileCounts);
    expectDirChecksBounded(episode.mediaDir);
  }, 60_000);

  it('refuses the directory a re-import replaced, and serves the new one', async () => {
    const episode = seeded.episodes[1]!;
    const oldFiles = filesOf(await playlistOf(episode.id));
    for (const url of oldFiles) expect((await status(url)).status, url).toBe(200);

    // A re-import: the new directory uploaded, the episode switched to it, the change announced.
    const replacement = `${episode.mediaDir}-b`;
    for (const [name, body] of Object.entries(EPISODE_FILES)) {
      await operator.services.media.put(`${replacement}/${name}`, Buffer.from(body), 'application/octet-stream');
    }
    await operator.database.db.update(episodes).set({ mediaDir: replacement }).where(eq(episodes.id, episode.id));
    await operator.services.catalogChanges.publish();

    await untilStatus(oldFiles[0]!, 404);
    for (const url of oldFiles) expect((await status(url)).status, url).toBe(404);
    const newFiles = filesOf(await playlistOf(episode.id));
    expect(newFiles[0]).toContain(`/${replacement}/`);
    for (const url of newFiles) expect((await status(url)).status, url).toBe(200);
    expectDirChecksBounded(episode.mediaDir);
    expectDirChecksBounded(replacement);
  }, 60_000);

  it('keeps the directory check to itself: a client asking for it gets 404, nothing reaches a process', async () => {
    const before = proxies.reduce((n, proxy) => n + [...proxy.counts.values()].reduce((a, b) => a + b, 0), 0);
    for (const path of ['/_cliffhanger/media-dir', '/_cliffhanger/', '/_cliffhanger/anything']) {
      const res = await fetch(`${edge.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ code: 10002, message: 'Not found', data: null });
    }
    // The origin's directory check through the edge's public path is no file: refused by the token check.
    const dirUrl = (await playlistOf(seeded.episodes[0]!.id)).replace(/master\.m3u8$/, '');
    expect((await fetch(dirUrl)).status).toBe(404);
    const after = proxies.reduce((n, proxy) => n + [...proxy.counts.values()].reduce((a, b) => a + b, 0), 0);
    expect(after - before).toBe(1); // the play request alone
    // The edge's log holds no token (its directory checks, subrequests, are not logged at all).
    expect(edge.accessLog()).toContain('/media/t/[redacted]/');
    expect(edge.accessLog()).not.toMatch(/\/media\/t\/k1\./);
  });
});
