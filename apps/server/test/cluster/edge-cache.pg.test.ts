import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Playback } from '@cliffhanger/contract';
import { startServerProcess, type ServerProcess } from '@cliffhanger/test-kit/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { MediaTokenSigner } from '../../src/media/signing/media-token.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../helpers/test-app.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startEdge, type EdgeProcess } from './edge-process.js';

/**
 * The media edge of the deployment kit (deploy/nginx/edge.conf, nginx with njs) in front of two
 * compiled API processes on PostgreSQL, each behind a proxy that counts what reaches it. 200
 * viewers (plain HTTP clients) play the same three free episodes as hls.js would: the play API,
 * the master, one variant, its segments. The edge must answer all but the first request of each
 * file from its cache, keyed on the path without the viewer's token; refuse forged, expired,
 * wrong-episode and unknown-key tokens itself; and a key rotation in the middle (the edge learns
 * the new key by a reload, then the processes start signing with it at its `from`) fails nothing.
 */
const VIEWERS = 200;
const S1 = 'edge-test-first-key-0123456789abcdefghij';
const S2 = 'edge-test-second-key-0123456789abcdefghi';
/**
 * The processes start signing with k2 this long after they are started: past their boot and the
 * edge's (a few seconds), so the viewers meet tokens of both keys.
 */
const ROTATE_AFTER_S = 20;
/** How long the edge keeps a directory check's answer (edge.conf, proxy_cache_valid 204 404). */
const EDGE_DIR_CHECK_TTL_MS = 10_000;

let dataDir: string;
let database: TestDatabaseUrl;
const api: ServerProcess[] = [];
const proxies: CountingProxy[] = [];
let edge: EdgeProcess;
let episodeIds: number[] = [];
/** An episode nobody plays: whatever reaches the processes for it came through a refusal. */
let untouchedDir = '';
let firstDir = '';
let rotateAt = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-edge-cache-'));
  database = await createTestDatabaseUrl();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl!,
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    DEMO_CATALOG: 'false',
    TRUST_PROXY: 'true',
    AUTH_SECRET: 'edge-test-secret-0123456789abcdefghijklmnop',
  };
  const app = await buildApp(loadConfig({ ...env, MEDIA_TOKEN_KEYS: `k1:${S1}` }));
  try {
    const seeded = await seedDrama(app, { episodes: 4, freeEpisodes: 4 });
    episodeIds = seeded.episodes.slice(0, 3).map((e) => e.id);
    firstDir = seeded.episodes[0]!.mediaDir;
    untouchedDir = seeded.episodes[3]!.mediaDir;
  } finally {
    await app.close();
  }
  rotateAt = Math.floor(Date.now() / 1000) + ROTATE_AFTER_S;
  // k1 signs until rotateAt, k2 from then on; both verify from the start.
  const keys = { ...env, MEDIA_TOKEN_KEYS: `k1:${S1},k2:${S2}:${rotateAt}` };
  api.push(await startServerProcess(keys, { compiled: true }), await startServerProcess(keys, { compiled: true }));
  for (const server of api) proxies.push(await startCountingProxy(Number(new URL(server.url).port)));
  // The edge knows only k1 at first: the rotation below adds k2 before the processes sign with it.
  edge = await startEdge(
    proxies.map((p) => p.port),
    `k1:${S1}`,
  );
}, 120_000);

afterAll(async () => {
  await edge?.stop();
  for (const proxy of proxies) await proxy.close();
  for (const server of api) await server.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Fetched {
  path: string;
  status: number;
  cache: string | null;
  kind: 'play' | 'master' | 'variant' | 'segment';
}

/** Requests that reached the processes, by path without token, both processes together. */
function originCounts(): Map<string, number> {
  const all = new Map<string, number>();
  for (const proxy of proxies) for (const [path, n] of proxy.counts) all.set(path, (all.get(path) ?? 0) + n);
  return all;
}
const originTotal = () => [...originCounts().values()].reduce((a, b) => a + b, 0);
const withoutToken = (path: string) => path.replace(/^\/media\/t\/[^/]*\//, '/media/');
const uriLines = (text: string) => text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

/**
 * A GET on a connection of its own. A kept-alive connection may be closed by a worker that a
 * reload retires just as a request goes out on it; browsers send such a request again, plain
 * Node clients report it as failed, which would measure the client rather than the edge.
 */
function getOnce(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; cache: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const cache = res.headers['x-cache-status'];
        resolve({
          status: res.statusCode ?? 0,
          cache: typeof cache === 'string' ? cache : null,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** One viewer: each episode as hls.js plays it, through the edge. */
async function watch(viewer: number, log: Fetched[], tokens: Set<string>): Promise<void> {
  const get = async (url: string, kind: Fetched['kind']) => {
    const res = await getOnce(url, { 'user-agent': `viewer-${viewer}` }).catch(() => ({
      status: 0,
      cache: null,
      body: '',
    }));
    log.push({ path: new URL(url).pathname, status: res.status, cache: res.cache, kind });
    return res;
  };
  for (const id of episodeIds) {
    const play = await get(`${edge.url}/api/v1/episodes/${id}/play`, 'play');
    if (play.status !== 200) continue;
    const playlistUrl = new URL((JSON.parse(play.body) as { data: Playback }).data.playlist_url, edge.url);
    tokens.add(playlistUrl.pathname.split('/')[3]!);
    const master = await get(playlistUrl.href, 'master');
    const variantUrl = new URL(uriLines(master.body)[viewer % 2] ?? '', playlistUrl);
    const variant = await get(variantUrl.href, 'variant');
    for (const uri of uriLines(variant.body)) await get(new URL(uri, variantUrl).href, 'segment');
  }
}

describe('the media edge in front of two processes', () => {
  it('serves 200 viewers from its cache, one origin request per file, across a key rotation', async () => {
    const log: Fetched[] = [];
    const tokens = new Set<string>();
    const started = Date.now();
    expect(rotateAt * 1000 - started, 'the setup took longer than ROTATE_AFTER_S').toBeGreaterThan(2_000);
    // Viewers arrive spread over the run, which lasts until a little after the processes rotate.
    const spanMs = Math.max(6_000, (rotateAt + 3) * 1000 - started);
    let rotated = false;
    const rotation = (async () => {
      // Halfway to the processes' switch, the operator gives the edge the new key (a reload).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (rotateAt * 1000 - Date.now()) / 2)));
      await edge.setKeys(`k1:${S1},k2:${S2}`);
      rotated = true;
    })();
    await Promise.all(
      Array.from({ length: VIEWERS }, async (_, viewer) => {
        await new Promise((resolve) => setTimeout(resolve, (viewer * spanMs) / VIEWERS));
        await watch(viewer, log, tokens);
      }),
    );
    await rotation;
    expect(rotated).toBe(true);

    // Nothing failed, before, during or after the rotation; tokens of both keys were in use.
    const failed = log.filter((f) => f.status !== 200);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(log.filter((f) => f.kind === 'play')).toHaveLength(VIEWERS * episodeIds.length);
    const kids = new Set([...tokens].map((token) => token.split('.')[0]));
    expect([...kids].sort()).toEqual(['k1', 'k2']);
    expect(tokens.size).toBeGreaterThan(2);

    // Each file reached the processes exactly once, whatever token asked for it.
    const media = log.filter((f) => f.kind !== 'play');
    const files = new Set(media.map((f) => withoutToken(f.path)));
    expect(files.size).toBe(3 * (1 + 2 + 2 * 2)); // per episode: master, 2 variants, 2 segments each
    const counts = originCounts();
    for (const file of files) expect(counts.get(file), file).toBe(1);
    // Besides the files, the edge asked whether each directory is still served (`/media/<dir>/`):
    // about once per its 10 s cache time, not once per viewer or file.
    const dirs = new Set([...files].map((file) => file.split('/').slice(0, 5).join('/') + '/'));
    expect(dirs.size).toBe(3);
    const checkBound = Math.ceil((Date.now() - started) / EDGE_DIR_CHECK_TTL_MS) + 1;
    for (const dir of dirs) {
      expect(counts.get(dir), dir).toBeGreaterThanOrEqual(1);
      expect(counts.get(dir), dir).toBeLessThanOrEqual(checkBound);
    }
    const otherMedia = [...counts.keys()].filter((p) => p.startsWith('/media/') && !files.has(p) && !dirs.has(p));
    expect(otherMedia).toEqual([]);

    // After the first viewer of each segment, the edge answered from its cache.
    const segments = media.filter((f) => f.kind === 'segment');
    const segmentFiles = new Set(segments.map((f) => withoutToken(f.path)));
    const hits = segments.filter((f) => f.cache === 'HIT').length;
    expect(segments).toHaveLength(VIEWERS * episodeIds.length * 2);
    expect(hits / (segments.length - segmentFiles.size)).toBeGreaterThanOrEqual(0.95);
    // Both processes took their share of the plays.
    for (const proxy of proxies) expect([...proxy.counts.keys()].some((path) => path.includes('/play'))).toBe(true);

    // The edge's log shows the paths, never a token.
    const accessLog = edge.accessLog();
    expect(accessLog).toContain(`/media/t/[redacted]/${firstDir}/master.m3u8`);
    for (const token of tokens) expect(accessLog).not.toContain(token.split('.')[2]);
  }, 60_000);

  it('refuses forged, expired, wrong-episode and unknown-key tokens at the edge, never asking a process', async () => {
    const now = Math.floor(Date.now() / 1000);
    const scope = untouchedDir;
    const file = `${scope}/hd/seg_000.ts`;
    const genuine = new MediaTokenSigner({ keys: [{ kid: 'k2', secret: S2, from: 0 }] });
    const past = new MediaTokenSigner({
      keys: [{ kid: 'k2', secret: S2, from: 0 }],
      clock: () => new Date((now - 3600) * 1000),
    });
    const unknown = new MediaTokenSigner({ keys: [{ kid: 'k9', secret: `${S1}-unknown`, from: 0 }] });
    const before = originTotal();
    const refused = {
      forged: `/media/t/k2.${now + 600}.${'A'.repeat(43)}/${file}`,
      'forged with the other key': `/media/t/k2.${now + 600}.${genuine
        .mint(scope, now + 600)
        .split('.')[2]!
        .replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}/${file}`,
      expired: `/media/t/${past.mint(scope, now - 60)}/${file}`,
      'another episode': `/media/t/${genuine.mint(firstDir, now + 600)}/${file}`,
      'unknown key': `/media/t/${unknown.mint(scope, now + 600)}/${file}`,
      // A key id every object inherits, signed with the text an inherited lookup would find.
      'inherited key id': `/media/t/constructor.${now + 600}.${createHmac('sha256', String(Object))
        .update(`media-t1\nconstructor\n${scope}\n${now + 600}`)
        .digest('base64url')}/${file}`,
      'no token': `/media/t//${file}`,
      'not canonical': `/media/t/${genuine.mint(scope, now + 600)}/${scope}/hd/%73eg_000.ts`,
    };
    for (const [what, path] of Object.entries(refused)) {
      const res = await fetch(`${edge.url}${path}`);
      expect(res.status, what).toBe(what === 'not canonical' ? 404 : 403);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
      expect(res.headers.get('x-cache-status'), what).toBeNull();
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code, what).toBe(what === 'not canonical' ? 10002 : 10005);
      if (what === 'expired') expect(body.message).toBe('Media token expired');
    }
    expect(originTotal()).toBe(before);
    expect([...originCounts().keys()].some((path) => path.includes(scope))).toBe(false);
    // The processes refuse the same token on their own (nothing in front of them trusted).
    expect((await fetch(`${api[0]!.url}${refused['another episode']}`)).status).toBe(403);

    // The same file with a genuine token: one trip to a process, then the cache.
    const good = `${edge.url}/media/t/${genuine.mint(scope, now + 600)}/${file}`;
    expect((await fetch(good)).headers.get('x-cache-status')).toBe('MISS');
    const again = await fetch(good);
    expect([again.status, again.headers.get('x-cache-status')]).toEqual([200, 'HIT']);
    expect(again.headers.get('cache-control')).toMatch(/^public, max-age=(599|600), immutable$/);
    expect(originCounts().get(`/media/${file}`)).toBe(1);
    // And one check of its directory, which the second request found in the edge's cache.
    expect(originCounts().get(`/media/${scope}/`)).toBe(1);
    // A byte range is cut from the cached file.
    const part = await fetch(good, { headers: { range: 'bytes=0-1' } });
    expect([part.status, await part.text()]).toEqual([206, 'HD']);
  });

  it('retires a key: once the edge drops k1, its tokens are refused and k2 tokens still play', async () => {
    const now = Math.floor(Date.now() / 1000);
    const k1 = new MediaTokenSigner({ keys: [{ kid: 'k1', secret: S1, from: 0 }] }).mint(firstDir, now + 600);
    const k2 = new MediaTokenSigner({ keys: [{ kid: 'k2', secret: S2, from: 0 }] }).mint(firstDir, now + 600);
    const url = (token: string) => `${edge.url}/media/t/${token}/${firstDir}/master.m3u8`;
    expect((await fetch(url(k1))).status).toBe(200);
    await edge.setKeys(`k2:${S2}`);
    expect((await fetch(url(k1))).status).toBe(403);
    expect((await fetch(url(k2))).status).toBe(200);
  });
});
