import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '../support/server-process.js';

/**
 * The delivery rows of docs/performance.md, side by side in one run: autocannon at 50
 * connections against a bare Fastify hello-world in this process and against the catalogue
 * endpoints of the real server; JavaScript bytes on the wire for home; Lighthouse (mobile) on
 * home and the video page in Debian's Chromium.
 */
export interface CannonRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** req/s as a fraction of the bare hello-world's in the same run. */
  ofBare: number;
  non2xx: number;
  load: string;
}

export interface LighthouseRow {
  page: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptBytes: number;
  /** Items of Lighthouse's "unused JavaScript" and "render-blocking resources" audits above 20 KB. */
  over20Kb: string[];
  /** How many Lighthouse runs the row is the median of (by performance score). */
  runs: number;
  load: string;
}

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_CANNON_S ?? 5);

/** The 1-minute load average and core count, printed beside each number (a shared machine lies). */
function loadNow(): string {
  const [one = 0] = loadavg();
  return `load ${one.toFixed(1)}`;
}

async function cannon(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

const BARE_SERVER = `
const app = (await import('fastify')).default({ logger: false });
app.get('/', () => ({ hello: 'world' }));
process.stdout.write(await app.listen({ host: '127.0.0.1', port: 0 }) + '\\n');
`;

/**
 * The hello-world runs in its own process, like the real server: in this process it would share
 * one thread with autocannon and look slower than it is, flattering every ratio.
 */
async function bareFastifyUrl(): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    url: line.toString().trim(),
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * `ROUNDS` rounds (BENCH_ROUNDS, default 3), each the bare hello-world and then every endpoint,
 * so every ratio compares numbers taken a few seconds apart; each row reports the medians over
 * the rounds (the ratio is the median of the per-round ratios).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function benchCatalogueThroughput(
  serverUrl: string,
  dramaId: number,
  bearer?: string,
): Promise<CannonRow[]> {
  const bare = await bareFastifyUrl();
  try {
    const api = `${serverUrl}/api/v1`;
    const compressed = { 'accept-encoding': 'br, gzip' };
    const targets: [string, string, Record<string, string>][] = [
      ['bare Fastify hello-world', bare.url, {}],
      ['GET /home', `${api}/home`, compressed],
      ['GET /dramas?sort=hits', `${api}/dramas?sort=hits&page=1&size=20`, compressed],
      ['GET /dramas/:id visitor', `${api}/dramas/${dramaId}`, compressed],
    ];
    if (bearer) {
      targets.push(['GET /dramas/:id signed in', `${api}/dramas/${dramaId}`, { ...compressed, authorization: bearer }]);
    }
    await cannon(`${api}/home`); // warm-up: JIT and the cache
    const samples = targets.map(() => ({
      rates: [] as number[],
      ratios: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      bad: 0,
      load: '',
    }));
    for (let round = 0; round < ROUNDS; round++) {
      let bareRate = 0;
      for (const [i, [, url, headers]] of targets.entries()) {
        const sample = samples[i]!;
        if (round === 0) sample.load = loadNow();
        const result = await cannon(url, headers);
        const rate = result.requests.average;
        if (i === 0) bareRate = rate;
        sample.rates.push(rate);
        sample.ratios.push(bareRate > 0 ? rate / bareRate : 0);
        sample.p50.push(result.latency.p50);
        sample.p99.push(result.latency.p99);
        sample.bad += result.non2xx + result.errors;
      }
    }
    return targets.map(([name], i) => {
      const sample = samples[i]!;
      return {
        name,
        requestsPerSecond: Math.round(median(sample.rates)),
        p50: median(sample.p50),
        p99: median(sample.p99),
        ofBare: Math.round(median(sample.ratios) * 1000) / 1000,
        non2xx: sample.bad,
        load: sample.load,
      };
    });
  } finally {
    await bare.close();
  }
}

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: {
        items?: {
          url?: string;
          resourceType?: string;
          transferSize?: number;
          wastedBytes?: number;
          totalBytes?: number;
        }[];
      };
    }
  >;
}

const WASTE_LIMIT_BYTES = 20 * 1024;

/** The Lighthouse row of the bare hls.js page: a reference beside the video page, not a goal. */
export const BARE_LIGHTHOUSE_PAGE = 'bare hls.js page (reference)';

/** One Lighthouse run (its default mobile profile) through the npm package's CLI. */
async function lighthouseOnce(page: string, url: string): Promise<LighthouseRow> {
  const load = loadNow();
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'lighthouse');
  const { stdout } = await promisify(execFile)(
    bin,
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(stdout) as LighthouseReport;
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = report.audits['network-requests']?.details?.items ?? [];
  const over20Kb = ['unused-javascript', 'render-blocking-resources'].flatMap((id) =>
    (report.audits[id]?.details?.items ?? [])
      .filter((item) => (item.wastedBytes ?? item.totalBytes ?? 0) > WASTE_LIMIT_BYTES)
      .map(
        (item) =>
          `${id}: ${new URL(item.url ?? '', url).pathname} (${Math.round((item.wastedBytes ?? item.totalBytes ?? 0) / 1024)} KB)`,
      ),
  );
  return {
    page,
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    scriptBytes: scripts
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    over20Kb,
    runs: 1,
    load,
  };
}

/**
 * A run that Lighthouse itself gives up on ("Something went wrong with recording the trace …
 * Please run Lighthouse again", NO_NAVSTART: Debian's headless Chromium now and then leaves the
 * navigation's start out of the trace) is run again, as it asks; it measured nothing. Any other
 * failure ends the bench.
 */
async function lighthouseRun(page: string, url: string): Promise<LighthouseRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(page, url);
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      if (attempt >= 3 || !stderr.includes('Please run Lighthouse again')) throw error;
      console.log(`  (Lighthouse asked to be run again on ${page}: ${stderr.trim().split('\n')[0]})`);
    }
  }
}

/** BENCH_LIGHTHOUSE_RUNS (default 3) Lighthouse runs; the one with the median performance score. */
export async function lighthouse(page: string, url: string): Promise<LighthouseRow> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const rows: LighthouseRow[] = [];
  for (let i = 0; i < runs; i++) rows.push(await lighthouseRun(page, url));
  rows.sort((a, b) => a.performance - b.performance);
  const middle = rows[Math.floor(rows.length / 2)]!;
  return { ...middle, runs };
}

/**
 * JavaScript of home's first load as gzip bytes: the entry, its modulepreloads and the home
 * page's chunk, each fetched with `Accept-Encoding: gzip` (what the 150 KB goal is stated in).
 */
export async function homeScriptGzipBytes(serverUrl: string): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(`${serverUrl}/`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) if (match[1]) urls.add(match[1]);
  // The home page's own chunk is named after its file (Vite keeps the module name).
  const entry = [...urls].find((u) => /\/index-[^/]+\.js$/.test(u));
  if (entry) {
    const code = await (await fetch(`${serverUrl}${entry}`)).text();
    for (const match of code.matchAll(/"(?:\.\/|\/assets\/)(home-page-[^"]+\.js)"/g)) {
      if (match[1]) urls.add(`/assets/${match[1]}`);
    }
  }
  let bytes = 0;
  for (const url of urls) {
    const res = await fetch(`${serverUrl}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes the body; content-length is what travelled. Without one (compressed on the
    // fly), the decoded length is the best bound there is, and reading it consumes the body.
    const length = res.headers.get('content-length');
    if (length === null) bytes += (await res.arrayBuffer()).byteLength;
    else {
      bytes += Number(length);
      await res.body?.cancel();
    }
  }
  return { files: urls.size, bytes };
}

export function printDelivery(
  cannonRows: CannonRow[],
  js: { files: number; bytes: number },
  lh: LighthouseRow[],
): void {
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s    req/s   p50   p99  × bare  non-2xx  load`);
  for (const r of cannonRows) {
    console.log(
      `${r.name.padEnd(38)} ${String(r.requestsPerSecond).padStart(6)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)} ${r.ofBare.toFixed(3).padStart(7)} ${String(r.non2xx).padStart(8)}  ${r.load}`,
    );
  }
  console.log(
    `\nHome JavaScript on the wire (gzip): ${(js.bytes / 1024).toFixed(1)} KB in ${js.files} files (goal ≤ 150 KB)`,
  );
  if (lh.length > 0) {
    console.log('\nLighthouse mobile            perf   LCP ms   CLS    TBT ms  script KB  load');
    for (const r of lh) {
      console.log(
        `${r.page.padEnd(28)} ${String(r.performance).padStart(4)} ${String(r.lcpMs).padStart(8)} ${r.cls.toFixed(3).padStart(6)} ${String(r.tbtMs).padStart(8)} ${(r.scriptBytes / 1024).toFixed(1).padStart(10)}  ${r.load}`,
      );
      for (const item of r.over20Kb) console.log(`    over 20 KB: ${item}`);
    }
  }
}
