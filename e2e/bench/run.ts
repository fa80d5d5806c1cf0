import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../support/server-process.js';
import { benchGet, type ApiResult } from './api-bench.js';
import { loadavg } from 'node:os';
import { BARE_LIGHTHOUSE_PAGE_PATH, webDistWithBarePage } from './bare-hls-page.js';
import {
  benchCatalogueThroughput,
  homeScriptGzipBytes,
  BARE_LIGHTHOUSE_PAGE,
  lighthouse,
  printDelivery,
  type CannonRow,
} from './delivery-bench.js';
import { benchPlayback, FIRST_FRAME_GOAL_RATIO, launchBenchBrowser, type PlaybackResult } from './playback-bench.js';
import { startReadWorld } from './read-world.js';
import { SECTIONS, sectionsAskedFor, type Section } from './sections.js';
import { writePerformanceReport } from './report.js';
import { benchWrites, printWrites } from './writes-bench.js';
import { benchConsoleLists, printConsoleLists, writeConsoleResults } from './console-bench.js';
import { benchUploads, printUploads } from './upload-bench.js';
import { benchReports, printReports, writeReportsResults } from './reports-bench.js';
import { benchMedia, printMedia, writeMediaResults } from './media-bench.js';
import { benchScale, printScale, writeScaleResults } from './scale-bench.js';
import { writeScaleDoc } from './scale-doc.js';

/**
 * `npm run bench [-- reads|writes|console|uploads|reports|media|scale]`: the performance goals of docs/performance.md. `reads`: the
 * catalogue API and playback in Debian's Chromium on the real server in its embedded mode (PGlite,
 * local media, demo catalogue). `writes`: unlock, check-in, claims and play against pgbench and a
 * bare Fastify (writes-bench.ts). `console`: the operator console's list pages on PostgreSQL with a
 * large catalogue (console-bench.ts). `uploads`: an episode upload by tus against a copy of the
 * file on the same disk (upload-bench.ts). `reports`: the console's Numbers dashboards on PostgreSQL with
 * 100,000 viewers, 1,000,000 plays and 50,000 orders (reports-bench.ts). `media`: one segment from the media
 * route and the edge's cache against nginx serving the file (media-bench.ts). `scale`: simulated viewers
 * with and without the edge, and what one API process, PostgreSQL and Redis carry (scale-bench.ts,
 * docs/scale.md). No argument runs them all.
 */
interface Envelope<T> {
  code: number;
  data: T;
}

async function getJson<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${url} answered code ${body.code}`);
  return body.data;
}

function table(rows: ApiResult[]): void {
  console.log('\nAPI (ms)                          conc   p50    p95    p99    max   req/s  errors');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(32)} ${String(r.concurrency).padStart(5)} ${[r.p50, r.p95, r.p99, r.max]
        .map((x) => x.toFixed(1).padStart(6))
        .join(' ')} ${String(r.requestsPerSecond).padStart(6)} ${String(r.errors).padStart(6)}`,
    );
  }
}

/** The catalogue rows of one mode, each name marked with the mode. */
async function catalogueRows(world: Awaited<ReturnType<typeof startReadWorld>>, dramaId: number): Promise<CannonRow[]> {
  const rows = await benchCatalogueThroughput(world.server.url, dramaId, world.bearer);
  return rows.map((row) => ({ ...row, name: `${row.name} (${world.mode})` }));
}

/** The same catalogue rows on a fresh PostgreSQL database, when the bench has a server to use. */
async function postgresCatalogueRows(adminUrl: string | undefined): Promise<CannonRow[]> {
  if (!adminUrl) {
    console.log('\n(PostgreSQL catalogue rows left out: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
    return [];
  }
  const world = await startReadWorld(adminUrl);
  try {
    const list = await getJson<{ list: { id: number }[] }>(`${world.server.url}/api/v1/dramas?sort=hits&size=1`);
    return await catalogueRows(world, list.list[0]?.id ?? 1);
  } finally {
    await world.stop();
  }
}

async function benchReads(adminUrl: string | undefined): Promise<void> {
  // The first-frame comparator (a bare hls.js page) is served by the same server from a copy of
  // the build: nothing of the bench reaches the product's routes.
  const web = webDistWithBarePage();
  const world = await startReadWorld(undefined, { WEB_DIST_DIR: web.dir });
  const server = world.server;
  try {
    const base = `${server.url}/api/v1`;
    const list = await getJson<{ list: { id: number }[] }>(`${base}/dramas?sort=hits&size=50`);
    const drama = await getJson<{ id: number; poster: string; episodes: { id: number; locked: boolean }[] }>(
      `${base}/dramas/${list.list[0]?.id ?? 1}`,
    );
    const [ep1, ep2] = drama.episodes;
    if (!ep1 || !ep2 || ep1.locked || ep2.locked) throw new Error('the demo drama needs two free episodes');
    const play = await getJson<{ playlist_url: string }>(`${base}/episodes/${ep1.id}/play`);
    // Playlist URIs are relative to the playlist (the media token rides in the path before them).
    const masterUrl = new URL(play.playlist_url, server.url);
    const master = await (await fetch(masterUrl)).text();
    const variant = master.split('\n').find((line) => line.includes('.m3u8'));
    if (!variant) throw new Error('the master playlist names no variant');
    const variantUrl = new URL(variant, masterUrl);
    const variantText = await (await fetch(variantUrl)).text();
    const segment = variantText.split('\n').find((line) => line.includes('.ts'));
    if (!segment) throw new Error('the variant playlist names no segment');
    const segmentUrl = new URL(segment, variantUrl);

    const options = { requests: 2000, concurrency: 16 };
    const ids = list.list.map((d) => d.id);
    let k = 0;
    const api: ApiResult[] = [];
    // Warm-up: JIT, connection pool, PGlite caches.
    await benchGet('warm-up', () => `${base}/home`, { requests: 300, concurrency: 8 });
    api.push(await benchGet('GET /home', () => `${base}/home`, options));
    api.push(await benchGet('GET /dramas?sort=hits', () => `${base}/dramas?sort=hits`, options));
    api.push(await benchGet('GET /dramas?q=', () => `${base}/dramas?q=love`, options));
    api.push(await benchGet('GET /dramas/:id', () => `${base}/dramas/${ids[k++ % ids.length]}`, options));
    api.push(await benchGet('GET /episodes/:id/play', () => `${base}/episodes/${ep1.id}/play`, options));
    api.push(await benchGet('GET signed variant playlist', () => variantUrl.toString(), options));
    api.push(await benchGet('GET signed segment', () => segmentUrl.toString(), options));
    table(api);

    // Delivery (delivery-bench.ts): throughput beside bare Fastify, home's JavaScript, Lighthouse.
    const cannonRows = await catalogueRows(world, drama.id);
    const homeJs = await homeScriptGzipBytes(server.url);
    const lighthouseRows =
      process.env.BENCH_LIGHTHOUSE === '0'
        ? []
        : [
            await lighthouse('home', `${server.url}/`),
            await lighthouse('video page', `${server.url}/pages/video/mobileVideoIndex?drama_id=${drama.id}`),
            // What any page pays to play this stream with hls.js: the floor under the video page.
            await lighthouse(
              BARE_LIGHTHOUSE_PAGE,
              `${server.url}${BARE_LIGHTHOUSE_PAGE_PATH}?${new URLSearchParams({ src: play.playlist_url, poster: drama.poster }).toString()}`,
            ),
          ];
    cannonRows.push(...(await postgresCatalogueRows(adminUrl)));
    printDelivery(cannonRows, homeJs, lighthouseRows);
    const deliveryOut = path.join(repoRoot, 'data', 'bench', 'delivery.json');
    mkdirSync(path.dirname(deliveryOut), { recursive: true });
    writeFileSync(
      deliveryOut,
      `${JSON.stringify({ at: new Date().toISOString(), cannon: cannonRows, homeJs, lighthouse: lighthouseRows }, null, 2)}\n`,
    );

    const browser = await launchBenchBrowser();
    let playback: PlaybackResult;
    const playbackLoad = loadavg()[0] ?? 0;
    try {
      playback = await benchPlayback(
        browser,
        server.url,
        { id: drama.id, firstEpisodeId: ep1.id, secondEpisodeId: ep2.id, playlistUrl: play.playlist_url },
        Number(process.env.BENCH_PLAYBACK_RUNS ?? 7),
      );
    } finally {
      await browser.close();
    }
    console.log(`\nPlayback in Chromium (ms), load ${playbackLoad.toFixed(1)}   n     p50    p95    max`);
    for (const [name, s] of [
      ['first frame, bare hls.js page', playback.bareFirstFrame],
      ['first frame (cold page load)', playback.firstFrame],
      ['swipe → next episode frame', playback.swipeToFrame],
    ] as const) {
      console.log(
        `${name.padEnd(32)} ${String(s.n).padStart(3)} ${[s.p50, s.p95, s.max].map((x) => x.toFixed(1).padStart(6)).join(' ')}`,
      );
    }
    const met = playback.firstFrameRatio <= FIRST_FRAME_GOAL_RATIO;
    console.log(
      `first frame p50 ÷ bare p50: ${playback.firstFrameRatio.toFixed(2)}× (goal ≤ ${FIRST_FRAME_GOAL_RATIO}×) ${met ? '✓' : '✗'}`,
    );

    const out = path.join(repoRoot, 'data', 'bench', 'latest.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          api,
          playback: {
            ...playback,
            loadAverage: playbackLoad,
            firstFrameGoalRatio: FIRST_FRAME_GOAL_RATIO,
            firstFrameGoalMet: met,
          },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nResults written to ${path.relative(repoRoot, out)}`);
  } finally {
    await world.stop();
    web.remove();
  }
}

/**
 * Each section in a process of its own, as `npm run bench -- reads` and `-- writes` run them: the
 * writes' load generator runs in this process, and after the reads section (Chromium,
 * Lighthouse, three servers) it made half the requests it makes in a fresh one (the bare
 * hello-world at 10 400–11 800 req/s against 21 467), while pgbench, the unlock's yardstick, runs
 * in a process of its own either way.
 */
function runSectionsApart(): void {
  for (const section of SECTIONS) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), section], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`the ${section} section of the bench failed (exit ${result.status})`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sections = sectionsAskedFor(args);
  if (args.length === 0) return runSectionsApart();
  const wants = (name: Section) => sections.includes(name);
  // PostgreSQL rows run on fresh databases of this server (the role must create and drop them).
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (wants('reads')) await benchReads(adminUrl);
  if (wants('writes')) {
    const result = await benchWrites({
      adminUrl,
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      users: Number(process.env.BENCH_USERS ?? 1000),
    });
    printWrites(result);
    const out = path.join(repoRoot, 'data', 'bench', 'writes-latest.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
    console.log(`\nResults written to ${path.relative(repoRoot, out)}`);
  }
  if (wants('console')) {
    if (!adminUrl)
      throw new Error('the console section runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const lists = await benchConsoleLists(adminUrl);
    printConsoleLists(lists);
    writeConsoleResults({ lists });
  }
  if (wants('uploads')) {
    const uploads = await benchUploads();
    printUploads(uploads);
    const out = path.join(repoRoot, 'data', 'bench', 'uploads.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...uploads }, null, 2)}\n`);
  }
  if (wants('reports')) {
    if (!adminUrl)
      throw new Error('the reports section runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const reports = await benchReports(adminUrl);
    printReports(reports);
    writeReportsResults(reports);
  }
  if (wants('media')) {
    if (!adminUrl) throw new Error('the media section runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const media = await benchMedia(adminUrl);
    printMedia(media);
    writeMediaResults(media);
  }
  if (wants('scale')) {
    if (!adminUrl) throw new Error('the scale section runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const scale = await benchScale(adminUrl);
    printScale(scale);
    console.log(`The plan written to ${path.relative(repoRoot, writeScaleDoc(writeScaleResults(scale)))}`);
  }
  console.log(`Goals written to ${path.relative(repoRoot, writePerformanceReport())}`);
}

await main();
