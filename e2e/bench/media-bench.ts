import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../support/server-process.js';
import { startEdge, type Edge } from './edge-process.js';
import { startMediaWorld, type MediaWorld } from './media-world.js';
import { startStaticNginx } from './nginx-static.js';
import { parseMasterPlaylist, parseMediaPlaylist } from './viewers-load.js';

/**
 * The media rows of docs/performance.md: one HD segment of the demo catalogue fetched by the same
 * client (autocannon, 50 connections) from nginx serving the file from disk, from the API
 * process's media route (signed URL) and from the nginx+njs edge's cache (a hit), side by side in
 * each round. nginx serves with as many workers as the edge has, so the two nginx figures compare
 * like with like; one Node process is judged against it.
 */
export const ORIGIN_GOAL = 0.5;
export const EDGE_GOAL = 0.8;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_CANNON_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface MediaRow {
  name: string;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p99: number;
  non2xx: number;
  load: string;
}

export interface MediaResult {
  fileBytes: number;
  nginxWorkers: number;
  rounds: MediaRow[][];
  /** Medians over the rounds of each round's ratio to nginx static. */
  origin: { ratio: number; p99: number; non2xx: number };
  edge?: { ratio: number; p99: number; non2xx: number; hitShare: number };
}

interface Envelope<T> {
  code: number;
  data: T;
}

async function getJson<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${url} answered code ${body.code}`);
  return body.data;
}

/** The first HD segment of a free episode, as a player reaches it through `origin` (its URL, signed). */
async function firstSegmentVia(origin: string): Promise<string> {
  const api = `${origin}/api/v1`;
  const list = await getJson<{ list: { id: number }[] }>(`${api}/dramas?sort=hits&size=1`);
  const drama = await getJson<{ episodes: { id: number; locked: boolean }[] }>(`${api}/dramas/${list.list[0]?.id}`);
  const episode = drama.episodes.find((e) => !e.locked);
  if (!episode) throw new Error('the demo drama has no free episode');
  const play = await getJson<{ playlist_url: string }>(`${api}/episodes/${episode.id}/play`);
  const masterUrl = new URL(play.playlist_url, origin);
  const master = parseMasterPlaylist(await (await fetch(masterUrl)).text());
  const variantUrl = new URL(master.find((uri) => uri.includes('hd/')) ?? master[0] ?? '', masterUrl);
  const segment = parseMediaPlaylist(await (await fetch(variantUrl)).text())[0];
  if (!segment) throw new Error(`${variantUrl.pathname} lists no segment`);
  return new URL(segment.uri, variantUrl).toString();
}

/** The storage path of a media URL, whatever token or prefix comes before `episodes/`. */
function storagePathOf(url: string): string {
  const pathname = new URL(url).pathname;
  const at = pathname.indexOf('/episodes/');
  if (at < 0) throw new Error(`${pathname} is no episode file`);
  return decodeURIComponent(pathname.slice(at + 1));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function cannon(name: string, url: string): Promise<MediaRow> {
  const load = `load ${(loadavg()[0] ?? 0).toFixed(1)}`;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    megabytesPerSecond: Math.round((result.throughput.average / 1e6) * 10) / 10,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    load,
  };
}

/** How many of `tries` requests of `url` the edge answered from its cache. */
async function hitShare(url: string, tries: number): Promise<number> {
  let hits = 0;
  for (let i = 0; i < tries; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.headers.get('x-cache-status') === 'HIT') hits += 1;
  }
  return hits / tries;
}

export async function benchMedia(adminUrl: string): Promise<MediaResult> {
  const world: MediaWorld = await startMediaWorld(adminUrl, 2);
  let edge: Edge | undefined;
  try {
    edge = await startEdge(world.api.map((s) => Number(new URL(s.url).port)));
    const workers = edge?.workers ?? 1;
    const nginx = await startStaticNginx(world.mediaDir, workers);
    try {
      const originUrl = await firstSegmentVia(world.api[0]!.url);
      const file = storagePathOf(originUrl);
      const staticUrl = `${nginx.url}/${file}`;
      const edgeUrl = edge ? await firstSegmentVia(edge.url) : undefined;
      if (edgeUrl && storagePathOf(edgeUrl) !== file) throw new Error('the edge and the origin named different files');
      const fileBytes = statSync(path.join(world.mediaDir, file)).size;
      const targets: [string, string][] = [
        ['nginx static', staticUrl],
        ['origin media route', originUrl],
      ];
      if (edgeUrl) {
        await fetch(edgeUrl).then((r) => r.arrayBuffer()); // the one miss that fills the cache
        targets.push(['edge cache hit', edgeUrl]);
      }
      for (const [name, url] of targets) {
        const res = await fetch(url);
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200 || bytes !== fileBytes) {
          throw new Error(`${name} answered ${res.status} with ${bytes} bytes, not the file's ${fileBytes}`);
        }
      }
      await cannon('warm-up', originUrl);
      const rounds: MediaRow[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rows: MediaRow[] = [];
        for (const [name, url] of targets) rows.push(await cannon(name, url));
        rounds.push(rows);
      }
      const ratioOf = (name: string) =>
        median(
          rounds.map((rows) => {
            const base = rows[0]!.requestsPerSecond;
            return (rows.find((r) => r.name === name)?.requestsPerSecond ?? 0) / base;
          }),
        );
      const figures = (name: string) => {
        const rows = rounds.map((r) => r.find((row) => row.name === name)!);
        return {
          ratio: Math.round(ratioOf(name) * 1000) / 1000,
          p99: median(rows.map((r) => r.p99)),
          non2xx: rows.reduce((sum, r) => sum + r.non2xx, 0),
        };
      };
      return {
        fileBytes,
        nginxWorkers: workers,
        rounds,
        origin: figures('origin media route'),
        ...(edgeUrl ? { edge: { ...figures('edge cache hit'), hitShare: await hitShare(edgeUrl, 20) } } : {}),
      };
    } finally {
      await nginx.stop();
    }
  } finally {
    await edge?.stop();
    await world.stop();
  }
}

export function printMedia(result: MediaResult): void {
  console.log(
    `\nMedia: one HD segment (${result.fileBytes} bytes), ${CONNECTIONS} connections, nginx with ${result.nginxWorkers} worker(s)`,
  );
  console.log('round  what                     req/s    MB/s  p99 ms  errors  load');
  for (const [i, rows] of result.rounds.entries()) {
    for (const r of rows) {
      console.log(
        `${String(i + 1).padStart(5)}  ${r.name.padEnd(22)} ${String(r.requestsPerSecond).padStart(7)} ${r.megabytesPerSecond.toFixed(1).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.non2xx).padStart(7)}  ${r.load}`,
      );
    }
  }
  console.log(`origin ÷ nginx static: ${result.origin.ratio.toFixed(2)}× (goal ≥ ${ORIGIN_GOAL}×)`);
  if (result.edge) {
    console.log(
      `edge hit ÷ nginx static: ${result.edge.ratio.toFixed(2)}× (goal ≥ ${EDGE_GOAL}×), hits ${Math.round(result.edge.hitShare * 100)} %`,
    );
  } else console.log('edge: not measured (no edge configuration in deploy/nginx)');
}

export function writeMediaResults(result: MediaResult): void {
  const out = path.join(repoRoot, 'data', 'bench', 'media.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
}
