import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkViewersLoadOptions,
  isLoopback,
  MAX_SECONDS,
  MAX_VIEWERS,
  parseMasterPlaylist,
  parseMediaPlaylist,
  runViewers,
  watchPlan,
  type Clock,
  type ViewersLoadOptions,
} from './viewers-load.js';

/**
 * A clock that never waits: sleeping moves its time on. With one viewer the run's timeline is
 * exact, so the counts below follow from the plan alone, with no real time measured.
 */
function virtualClock(): Clock {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const SEGMENT_BYTES = 1000;
const VARIANT =
  '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n#EXTINF:4.0,\nseg1.ts\n#EXTINF:2.0,\nseg2.ts\n#EXT-X-ENDLIST\n';
const MASTER =
  '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nsd/index.m3u8?s=1\n#EXT-X-STREAM-INF:BANDWIDTH=2400000\nhd/index.m3u8?s=1\n';

/** A stand-in API: dramas of four episodes (the fourth locked), playlists and 1,000-byte segments. */
function standIn(playlistUrl: (episode: number) => string) {
  const seen: string[] = [];
  const progress: unknown[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    seen.push(`${req.method} ${url.split('?')[0]}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let m: RegExpMatchArray | null;
      if (url === '/api/v1/auth/sms/send') return json(200, { code: 200, data: {} });
      if (url === '/api/v1/auth/sms/login') return json(200, { code: 200, data: { token: 'tok' } });
      if ((m = /^\/api\/v1\/dramas\/(\d+)$/.exec(url))) {
        const base = Number(m[1]) * 10;
        return json(200, { code: 200, data: { episodes: [1, 2, 3, 4].map((n) => ({ id: base + n })) } });
      }
      if ((m = /^\/api\/v1\/episodes\/(\d+)\/play$/.exec(url))) {
        const id = Number(m[1]);
        if (id % 10 === 4) return json(409, { code: 30002, data: {} });
        return json(200, { code: 200, data: { playlist_url: playlistUrl(id) } });
      }
      if (url === '/api/v1/history' && req.method === 'PUT') {
        if (req.headers.authorization !== 'Bearer tok') return json(401, { code: 10001 });
        progress.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        return json(200, { code: 200, data: {} });
      }
      if (url.includes('/master.m3u8')) return res.writeHead(200, { 'x-cache-status': 'MISS' }).end(MASTER);
      if (url.includes('/index.m3u8')) return res.writeHead(200, { 'x-cache-status': 'HIT' }).end(VARIANT);
      if (url.endsWith('.ts')) return res.writeHead(200, { 'x-cache-status': 'HIT' }).end(Buffer.alloc(SEGMENT_BYTES));
      return json(404, { code: 10002 });
    });
  });
  return { server, seen, progress };
}

describe('the viewers load generator', () => {
  let world: ReturnType<typeof standIn>;
  let origin: string;
  beforeAll(async () => {
    world = standIn((id) => `/media/ep/${id}/master.m3u8?t=x`);
    world.server.listen(0, '127.0.0.1');
    await once(world.server, 'listening');
    origin = `http://127.0.0.1:${(world.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    world.server.close();
  });

  const options = (more: Partial<ViewersLoadOptions> = {}): ViewersLoadOptions => ({
    origin,
    viewers: 1,
    seconds: 24,
    dramaIds: [1],
    signsIn: () => true,
    phoneOf: (i) => `+1500555${String(i).padStart(4, '0')}`,
    codeFor: () => '123456',
    clock: virtualClock(),
    ...more,
  });

  it('refuses more viewers, more time or another host than its bounds allow', () => {
    const refused = (more: Partial<ViewersLoadOptions>) => () => checkViewersLoadOptions(options(more));
    expect(refused({ viewers: 0 })).toThrow('viewers must be a whole number from 1 to 2000');
    expect(refused({ viewers: MAX_VIEWERS + 1 })).toThrow('not 2001');
    expect(refused({ viewers: 1.5 })).toThrow('not 1.5');
    expect(refused({ seconds: 0 })).toThrow('seconds must be more than 0');
    expect(refused({ seconds: MAX_SECONDS + 1 })).toThrow('at most 600, not 601');
    expect(refused({ rampSeconds: 25 })).toThrow('rampSeconds');
    expect(refused({ dramaIds: [] })).toThrow('nothing to watch');
    expect(refused({ origin: 'http://10.0.0.7:8080' })).toThrow('only loads loopback targets');
    expect(refused({ origin: 'https://example.com' })).toThrow('refusing https://example.com');
    expect(refused({ origin: 'http://127.0.0.1.example.com' })).toThrow('loopback');
    expect(refused({ viewers: MAX_VIEWERS, seconds: MAX_SECONDS })).not.toThrow();
    expect(['http://localhost:1', 'http://[::1]:2', 'http://127.8.9.10/'].every(isLoopback)).toBe(true);
  });

  it('sends nothing when its options are out of bounds', async () => {
    const before = world.seen.length;
    await expect(runViewers(options({ viewers: MAX_VIEWERS + 1 }))).rejects.toThrow('viewers');
    expect(world.seen.length).toBe(before);
  });

  it('plans segments ahead of the playhead, progress every few seconds and on leaving', () => {
    const segments = parseMediaPlaylist(VARIANT);
    expect(segments).toEqual([
      { uri: 'seg0.ts', durationS: 4 },
      { uri: 'seg1.ts', durationS: 4 },
      { uri: 'seg2.ts', durationS: 2 },
    ]);
    expect(parseMasterPlaylist(MASTER)).toEqual(['sd/index.m3u8?s=1', 'hd/index.m3u8?s=1']);
    expect(watchPlan(segments, 10, { lookaheadS: 2, progressEveryS: 5, saveProgress: true })).toEqual([
      { atS: 0, kind: 'segment', index: 0 },
      { atS: 2, kind: 'segment', index: 1 },
      { atS: 5, kind: 'progress', positionS: 5 },
      { atS: 6, kind: 'segment', index: 2 },
      { atS: 10, kind: 'progress', positionS: 10 },
    ]);
    // Left at 5 s: the last segment (from 8 s) is never asked for; a visitor saves nothing.
    expect(watchPlan(segments, 5, { lookaheadS: 2, progressEveryS: 5, saveProgress: false })).toEqual([
      { atS: 0, kind: 'segment', index: 0 },
      { atS: 2, kind: 'segment', index: 1 },
    ]);
  });

  it('counts every request, byte, cache answer, swipe and watched second of a signed-in viewer', async () => {
    world.seen.length = 0;
    world.progress.length = 0;
    const result = await runViewers(options());
    // Two whole episodes of 10 s, then the third left half-way (a swipe), cut by the 24 s deadline.
    expect(result.byKind.signin).toMatchObject({ requests: 2, errors: 0 });
    expect(result.byKind.drama).toMatchObject({ requests: 1, errors: 0 });
    expect(result.byKind.play).toMatchObject({ requests: 3, errors: 0 });
    expect(result.byKind.playlist).toMatchObject({ requests: 6, errors: 0 });
    expect(result.byKind.segment).toMatchObject({ requests: 8, bytes: 8 * SEGMENT_BYTES, errors: 0 });
    expect(result.byKind.progress).toMatchObject({ requests: 4, errors: 0 });
    expect(result.byKind.segment.latency.n).toBe(8);
    expect(result.cache).toEqual({ MISS: 3, HIT: 11 });
    // The swiped episode's second segment (4–8 s) was fetched ahead but left at 4 s by the deadline.
    expect(result).toMatchObject({
      episodesStarted: 3,
      swipes: 1,
      locked: 0,
      lateSegments: 0,
      watchedSeconds: 24,
      fetchedSeconds: 28,
    });
    expect(result.errorCodes).toEqual({});
    expect(world.progress).toEqual([
      { episode_id: 11, position_s: 5 },
      { episode_id: 11, position_s: 10 },
      { episode_id: 12, position_s: 5 },
      { episode_id: 12, position_s: 10 },
    ]);
    expect(world.seen.filter((r) => r.endsWith('/hd/index.m3u8'))).toHaveLength(3);
    expect(world.seen.filter((r) => r.includes('/sd/'))).toHaveLength(0);
  });

  it('a visitor saves no progress, and a locked episode sends it to the next drama', async () => {
    world.seen.length = 0;
    const result = await runViewers(options({ signsIn: () => false, seconds: 40, dramaIds: [1, 2] }));
    expect(result.byKind.signin.requests).toBe(0);
    expect(result.byKind.progress.requests).toBe(0);
    // Drama 1: 10 + 10 + 5 (swiped) s, episode 4 locked; drama 2: 10 s, then 5 s of the next.
    expect(result).toMatchObject({ episodesStarted: 5, swipes: 1, locked: 1, watchedSeconds: 40 });
    expect(world.seen.filter((r) => r.startsWith('GET /api/v1/dramas/'))).toEqual([
      'GET /api/v1/dramas/1',
      'GET /api/v1/dramas/2',
    ]);
  });

  it('counts many viewers apart and every one of their sign-ins', async () => {
    const result = await runViewers(options({ viewers: 5, seconds: 3, signsIn: (i) => i % 2 === 0 }));
    // Sign-in comes before any deadline is looked at; how far each then gets depends on the order
    // the five share the one virtual clock in, so only the bounds are fixed.
    expect(result.byKind.signin).toMatchObject({ requests: 6, errors: 0 });
    expect(result.byKind.play.requests).toBeGreaterThanOrEqual(1);
    expect(result.byKind.play.requests).toBeLessThanOrEqual(5);
    expect(result.byKind.progress.requests).toBeLessThanOrEqual(3);
    expect(result.errorCodes).toEqual({});
  });

  it('sends a request again on a new connection when a kept-alive one is closed under it, as browsers do', async () => {
    // This stand-in answers only the first request of each connection and drops the connection on the next.
    const served = new WeakMap<object, number>();
    const inner = standIn((id) => `/media/ep/${id}/master.m3u8`);
    const dropping = createServer((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      if (n > 1) return req.socket.destroy();
      inner.server.emit('request', req, res);
    });
    dropping.listen(0, '127.0.0.1');
    await once(dropping, 'listening');
    try {
      const dropOrigin = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      const result = await runViewers(options({ origin: dropOrigin }));
      expect(result.errorCodes).toEqual({});
      expect(result.retries).toBeGreaterThan(0);
      expect(result.byKind.segment.requests).toBe(8);
    } finally {
      dropping.close();
    }
  });

  it('never follows a playlist to a host that is not this machine, and counts that as an error', async () => {
    const far = standIn(() => 'http://192.0.2.1/media/master.m3u8');
    far.server.listen(0, '127.0.0.1');
    await once(far.server, 'listening');
    try {
      const farOrigin = `http://127.0.0.1:${(far.server.address() as AddressInfo).port}`;
      const result = await runViewers(options({ origin: farOrigin, seconds: 2, signsIn: () => false }));
      expect(result.byKind.playlist.errors).toBeGreaterThan(0);
      expect(Object.keys(result.errorCodes)).toEqual([
        'playlist: refusing http://192.0.2.1: the generator only loads loopback targets',
      ]);
      expect(result.episodesStarted).toBe(0);
    } finally {
      far.server.close();
    }
  });
});
