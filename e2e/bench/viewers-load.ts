import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleepMs } from 'node:timers/promises';
import { summarise, type Summary } from './stats.js';

/**
 * Simulated viewers at real-time pace, without a browser: each one signs in by SMS (or stays a
 * visitor), opens a drama, asks the play API for each episode in turn, loads the master and one
 * variant playlist and fetches the segments as a player would (each a little before the playhead
 * reaches it), saves its progress every few seconds while signed in, and every few episodes swipes
 * to the next one half-way through. What it counts (requests, bytes, errors, the edge's cache
 * answers, watched minutes) is what docs/scale.md's figures are divided by.
 *
 * Bounded on purpose: at most MAX_VIEWERS viewers for at most MAX_SECONDS, and only loopback
 * targets, so it can never be pointed at someone else's server.
 */
export const MAX_VIEWERS = 2_000;
export const MAX_SECONDS = 600;

type RequestKind = 'signin' | 'drama' | 'play' | 'progress' | 'playlist' | 'segment';
const KINDS: readonly RequestKind[] = ['signin', 'drama', 'play', 'progress', 'playlist', 'segment'];

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleepMs(ms) };

export interface ViewersLoadOptions {
  /** Where viewers send everything (the API process, or an edge in front of it). Loopback only. */
  origin: string;
  viewers: number;
  /** Every viewer stops at this deadline, from the start of the run. */
  seconds: number;
  /** Viewers start evenly spread over this many seconds (default: none, all at once). */
  rampSeconds?: number;
  /** The dramas watched: viewer i starts at dramaIds[i % length] and goes on to the next. */
  dramaIds: readonly number[];
  /** Which viewers sign in (the others are visitors, who save no progress). */
  signsIn: (viewer: number) => boolean;
  /** The phone viewer i signs in with, and the code the SMS stand-in received for it. */
  phoneOf?: (viewer: number) => string;
  codeFor?: (phone: string) => string | undefined;
  /** The variant playlist played: the first whose URI contains this (default `hd/`). */
  variant?: string;
  /** Progress is saved every this many seconds of playback, and on leaving (default 5, as the web does). */
  progressEveryS?: number;
  /** Every this-many-th episode is left half-way through by a swipe (default 3). */
  swipeEvery?: number;
  /** A segment is fetched this many seconds before the playhead reaches it (default 8). */
  lookaheadS?: number;
  clock?: Clock;
}

interface KindCount {
  requests: number;
  bytes: number;
  errors: number;
}

export interface ViewersLoadResult {
  viewers: number;
  seconds: number;
  byKind: Record<RequestKind, KindCount & { latency: Summary }>;
  /** Answers by `x-cache-status` (HIT, MISS, …) on media requests; `none` without the header. */
  cache: Record<string, number>;
  errorCodes: Record<string, number>;
  episodesStarted: number;
  swipes: number;
  /** Play answers "locked" (30002): the viewer went on to the next drama. Not errors. */
  locked: number;
  /** Segments that arrived after the playhead reached them (the player would have stalled). */
  lateSegments: number;
  watchedSeconds: number;
  /** Requests sent again on a new connection after a kept-alive one was closed under them. */
  retries: number;
  /** Playback seconds of the segments fetched (more than watched: a swipe leaves prefetched ones unplayed). */
  fetchedSeconds: number;
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts the generator talks to. */
export function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '[::1]') return true;
  const parts = host.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** Refuses a run outside the bounds: too many viewers, too long, or a target that is not this machine. */
export function checkViewersLoadOptions(options: ViewersLoadOptions): void {
  const { viewers, seconds } = options;
  if (!Number.isInteger(viewers) || viewers < 1 || viewers > MAX_VIEWERS) {
    throw new Error(`viewers must be a whole number from 1 to ${MAX_VIEWERS}, not ${viewers}`);
  }
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) {
    throw new Error(`seconds must be more than 0 and at most ${MAX_SECONDS}, not ${seconds}`);
  }
  const ramp = options.rampSeconds ?? 0;
  if (!Number.isFinite(ramp) || ramp < 0 || ramp > seconds) {
    throw new Error(`rampSeconds must be from 0 to the run's ${seconds} s, not ${ramp}`);
  }
  if (!isLoopback(options.origin))
    throw new Error(`refusing ${options.origin}: the generator only loads loopback targets`);
  if (options.dramaIds.length === 0) throw new Error('dramaIds is empty: nothing to watch');
}

export interface MediaSegment {
  uri: string;
  durationS: number;
}

/** The segments of a media playlist with their `#EXTINF` durations. */
export function parseMediaPlaylist(text: string): MediaSegment[] {
  const segments: MediaSegment[] = [];
  let duration: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, durationS: duration });
      duration = undefined;
    }
  }
  return segments;
}

/** The variant URIs of a master playlist, in order. */
export function parseMasterPlaylist(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** One step of watching an episode, at `atS` seconds after its first segment was asked for. */
export type WatchStep =
  { atS: number; kind: 'segment'; index: number } | { atS: number; kind: 'progress'; positionS: number };

/**
 * When a viewer who watches `watchS` seconds of these segments fetches each one and saves its
 * progress, in time order: a segment `lookaheadS` before the playhead reaches it (the first at
 * once), only segments that start before the viewer leaves; progress every `progressEveryS`
 * seconds of playback and once on leaving (signed-in viewers only).
 */
export function watchPlan(
  segments: readonly MediaSegment[],
  watchS: number,
  options: { lookaheadS: number; progressEveryS: number; saveProgress: boolean },
): WatchStep[] {
  const steps: WatchStep[] = [];
  let start = 0;
  for (const [index, segment] of segments.entries()) {
    if (start >= watchS) break;
    steps.push({ atS: Math.max(0, start - options.lookaheadS), kind: 'segment', index });
    start += segment.durationS;
  }
  if (options.saveProgress) {
    for (let at = options.progressEveryS; at < watchS; at += options.progressEveryS) {
      steps.push({ atS: at, kind: 'progress', positionS: at });
    }
    steps.push({ atS: watchS, kind: 'progress', positionS: watchS });
  }
  return steps.sort((a, b) => a.atS - b.atS);
}

interface Answer {
  status: number;
  bytes: number;
  text: string;
  cacheStatus: string | undefined;
}

class Tally {
  readonly byKind = Object.fromEntries(KINDS.map((k) => [k, { requests: 0, bytes: 0, errors: 0 }])) as Record<
    RequestKind,
    KindCount
  >;
  readonly samples = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<RequestKind, number[]>;
  readonly cache: Record<string, number> = {};
  readonly errorCodes: Record<string, number> = {};
  episodesStarted = 0;
  swipes = 0;
  locked = 0;
  lateSegments = 0;
  watchedSeconds = 0;
  fetchedSeconds = 0;
  retries = 0;

  error(kind: RequestKind, label: string): void {
    this.byKind[kind].errors += 1;
    const key = `${kind}: ${label}`;
    this.errorCodes[key] = (this.errorCodes[key] ?? 0) + 1;
  }
}

interface Envelope<T> {
  code: number;
  data: T;
}

/** One viewer's connections (a player keeps a couple open) and what it asks for. */
class ViewerClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 2 });
  /** Sockets a request has gone out on: an error on one of these may be the server's idle close. */
  private readonly usedSockets = new WeakSet<Socket>();
  bearer: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly tally: Tally,
    private readonly clock: Clock,
  ) {}

  close(): void {
    this.agent.destroy();
  }

  /**
   * Sends one request, counted under `kind`; the body is kept only when `keepBody`. A connection the
   * server closed for idleness just as the request went out is tried once more on a new one, as
   * browsers do (the viewers idle between segments longer than a server's keep-alive limit).
   */
  async send(kind: RequestKind, method: string, target: string, body?: unknown, keepBody = true): Promise<Answer> {
    const answer = await this.sendOnce(kind, method, target, body, keepBody, false);
    return answer ?? (await this.sendOnce(kind, method, target, body, keepBody, true))!;
  }

  /** Undefined when a reused connection was closed under the request and `last` is false. */
  private async sendOnce(
    kind: RequestKind,
    method: string,
    target: string,
    body: unknown,
    keepBody: boolean,
    last: boolean,
  ): Promise<Answer | undefined> {
    const url = new URL(target, this.origin);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.bearer && kind !== 'playlist' && kind !== 'segment') headers.authorization = this.bearer;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const t0 = this.clock.now();
    let reused = false;
    try {
      if (!isLoopback(url.toString()))
        throw new Error(`refusing ${url.origin}: the generator only loads loopback targets`);
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = request(
          {
            agent: this.agent,
            host: url.hostname,
            port: url.port,
            method,
            path: `${url.pathname}${url.search}`,
            headers,
          },
          (res) => {
            this.tally.byKind[kind].requests += 1;
            const chunks: Buffer[] = [];
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if (keepBody) chunks.push(chunk);
            });
            res.on('end', () => {
              const cache = res.headers['x-cache-status'];
              resolve({
                status: res.statusCode ?? 0,
                bytes,
                text: keepBody ? Buffer.concat(chunks).toString('utf8') : '',
                cacheStatus: Array.isArray(cache) ? cache[0] : cache,
              });
            });
            res.on('error', reject);
          },
        );
        req.on('socket', (socket) => {
          reused = this.usedSockets.has(socket);
          this.usedSockets.add(socket);
        });
        req.on('error', reject);
        req.end(payload);
      });
      this.tally.samples[kind].push(this.clock.now() - t0);
      this.tally.byKind[kind].bytes += answer.bytes;
      if (kind === 'playlist' || kind === 'segment') {
        const label = answer.cacheStatus ?? 'none';
        this.tally.cache[label] = (this.tally.cache[label] ?? 0) + 1;
      }
      return answer;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!last && reused && (code === 'ECONNRESET' || code === 'EPIPE')) {
        this.tally.retries += 1;
        return undefined;
      }
      this.tally.byKind[kind].requests += 1;
      this.tally.samples[kind].push(this.clock.now() - t0);
      this.tally.error(kind, error instanceof Error ? error.message : String(error));
      return { status: 0, bytes: 0, text: '', cacheStatus: undefined };
    }
  }

  /** An API call whose envelope must be code 200 (or one of `ok`); anything else is counted as an error. */
  async api<T>(
    kind: RequestKind,
    method: string,
    path: string,
    body?: unknown,
    ok: number[] = [],
  ): Promise<Envelope<T> | undefined> {
    const answer = await this.send(kind, method, `/api/v1${path}`, body);
    if (answer.status === 0) return undefined;
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(answer.text) as Envelope<T>;
    } catch {
      this.tally.error(kind, `http ${answer.status}, not JSON`);
      return undefined;
    }
    if (envelope.code === 200 || ok.includes(envelope.code)) return envelope;
    this.tally.error(kind, `code ${envelope.code}`);
    return undefined;
  }

  /** A media file that must answer 200; counted as an error otherwise. */
  async media(kind: 'playlist' | 'segment', url: string): Promise<Answer | undefined> {
    const answer = await this.send(kind, 'GET', url, undefined, kind === 'playlist');
    if (answer.status === 0) return undefined;
    if (answer.status !== 200) {
      this.tally.error(kind, `http ${answer.status}`);
      return undefined;
    }
    return answer;
  }
}

const LOCKED = 30002;

interface Play {
  playlist_url: string;
}

interface Context {
  options: Required<Pick<ViewersLoadOptions, 'variant' | 'progressEveryS' | 'swipeEvery' | 'lookaheadS'>> &
    ViewersLoadOptions;
  clock: Clock;
  tally: Tally;
  deadline: number;
}

/** Sleeps until `at` (clock ms) or the deadline, whichever is first; false once the deadline has come. */
async function waitUntil(ctx: Context, at: number): Promise<boolean> {
  const until = Math.min(at, ctx.deadline);
  const now = ctx.clock.now();
  if (until > now) await ctx.clock.sleep(until - now);
  return ctx.clock.now() < ctx.deadline;
}

/**
 * One episode: playlists, segments at the playhead's pace, progress saves. `over` once the run's
 * deadline has come, `failed` when its playlists could not be had (nothing was watched).
 */
async function watchEpisode(
  ctx: Context,
  client: ViewerClient,
  episodeId: number,
  play: Play,
  swipe: boolean,
): Promise<'watched' | 'failed' | 'over'> {
  const failed = () => (ctx.clock.now() < ctx.deadline ? 'failed' : 'over');
  const { options, tally } = ctx;
  const master = await client.media('playlist', play.playlist_url);
  if (!master) return failed();
  const masterUrl = new URL(play.playlist_url, options.origin);
  const variants = parseMasterPlaylist(master.text);
  const variantUri = variants.find((uri) => uri.includes(options.variant)) ?? variants[0];
  if (!variantUri) {
    tally.error('playlist', 'master playlist lists no variant');
    return failed();
  }
  const variantUrl = new URL(variantUri, masterUrl);
  const variant = await client.media('playlist', variantUrl.toString());
  if (!variant) return failed();
  const segments = parseMediaPlaylist(variant.text);
  const lengthS = segments.reduce((sum, s) => sum + s.durationS, 0);
  const watchS = swipe ? lengthS / 2 : lengthS;
  const starts = segments.map((_, i) => segments.slice(0, i).reduce((sum, s) => sum + s.durationS, 0));
  tally.episodesStarted += 1;
  if (swipe) tally.swipes += 1;
  const t0 = ctx.clock.now();
  const steps = watchPlan(segments, watchS, {
    lookaheadS: options.lookaheadS,
    progressEveryS: options.progressEveryS,
    saveProgress: client.bearer !== undefined,
  });
  for (const step of steps) {
    if (!(await waitUntil(ctx, t0 + step.atS * 1000))) {
      tally.watchedSeconds += (ctx.clock.now() - t0) / 1000;
      return 'over';
    }
    if (step.kind === 'segment') {
      const segment = segments[step.index]!;
      if (await client.media('segment', new URL(segment.uri, variantUrl).toString()))
        tally.fetchedSeconds += segment.durationS;
      // The first segment is the episode's start-up; any later one due before it arrived stalled playback.
      if (step.index > 0 && ctx.clock.now() > t0 + (starts[step.index] ?? 0) * 1000) tally.lateSegments += 1;
    } else {
      await client.api('progress', 'PUT', '/history', { episode_id: episodeId, position_s: step.positionS });
    }
  }
  const alive = await waitUntil(ctx, t0 + watchS * 1000);
  tally.watchedSeconds += Math.min(watchS, (ctx.clock.now() - t0) / 1000);
  return alive ? 'watched' : 'over';
}

async function signIn(ctx: Context, client: ViewerClient, viewer: number): Promise<void> {
  const { phoneOf, codeFor } = ctx.options;
  if (!phoneOf || !codeFor) throw new Error('signed-in viewers need phoneOf and codeFor');
  const phone = phoneOf(viewer);
  if (!(await client.api('signin', 'POST', '/auth/sms/send', { phone }))) return;
  const code = codeFor(phone);
  if (!code) {
    ctx.tally.error('signin', 'no SMS code arrived');
    return;
  }
  const session = await client.api<{ token: string }>('signin', 'POST', '/auth/sms/login', { phone, code });
  if (session) client.bearer = `Bearer ${session.data.token}`;
}

async function runViewer(ctx: Context, viewer: number, startAt: number): Promise<void> {
  const { options, tally } = ctx;
  if (!(await waitUntil(ctx, startAt))) return;
  const client = new ViewerClient(options.origin, tally, ctx.clock);
  try {
    if (options.signsIn(viewer)) await signIn(ctx, client, viewer);
    let episodesWatched = 0;
    for (let d = viewer; ; d++) {
      const dramaId = options.dramaIds[d % options.dramaIds.length]!;
      const drama = await client.api<{ episodes: { id: number }[] }>('drama', 'GET', `/dramas/${dramaId}`);
      // Nothing to watch here (or the API failed): a moment's pause so a failing API is not hammered.
      if (!drama) {
        if (!(await waitUntil(ctx, ctx.clock.now() + 1000))) return;
        continue;
      }
      const before = episodesWatched;
      for (const episode of drama.data.episodes) {
        if (ctx.clock.now() >= ctx.deadline) return;
        const play = await client.api<Play>('play', 'GET', `/episodes/${episode.id}/play`, undefined, [LOCKED]);
        if (!play) continue;
        if (play.code === LOCKED) {
          tally.locked += 1;
          break;
        }
        const swipe = (episodesWatched + 1) % options.swipeEvery === 0;
        const watched = await watchEpisode(ctx, client, episode.id, play.data, swipe);
        if (watched === 'over') return;
        if (watched === 'watched') episodesWatched += 1;
      }
      // A drama that played nothing (every play or playlist refused): pause rather than spin through the list.
      if (episodesWatched === before && !(await waitUntil(ctx, ctx.clock.now() + 1000))) return;
      if (ctx.clock.now() >= ctx.deadline) return;
    }
  } finally {
    client.close();
  }
}

/** Plays `viewers` simulated viewers against `origin` for `seconds`, and counts what they asked for. */
export async function runViewers(options: ViewersLoadOptions): Promise<ViewersLoadResult> {
  checkViewersLoadOptions(options);
  const clock = options.clock ?? realClock;
  const tally = new Tally();
  const started = clock.now();
  const ctx: Context = {
    options: { variant: 'hd/', progressEveryS: 5, swipeEvery: 3, lookaheadS: 8, ...options },
    clock,
    tally,
    deadline: started + options.seconds * 1000,
  };
  const rampMs = (options.rampSeconds ?? 0) * 1000;
  await Promise.all(
    Array.from({ length: options.viewers }, (_, i) => runViewer(ctx, i, started + (rampMs * i) / options.viewers)),
  );
  const byKind = Object.fromEntries(
    KINDS.map((k) => [k, { ...tally.byKind[k], latency: summarise(tally.samples[k]) }]),
  ) as ViewersLoadResult['byKind'];
  return {
    viewers: options.viewers,
    seconds: options.seconds,
    byKind,
    cache: tally.cache,
    errorCodes: tally.errorCodes,
    episodesStarted: tally.episodesStarted,
    swipes: tally.swipes,
    locked: tally.locked,
    lateSegments: tally.lateSegments,
    watchedSeconds: Math.round(tally.watchedSeconds * 10) / 10,
    fetchedSeconds: tally.fetchedSeconds,
    retries: tally.retries,
  };
}
