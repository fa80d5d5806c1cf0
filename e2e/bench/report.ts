import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/server-process.js';
import { BARE_LIGHTHOUSE_PAGE, type CannonRow, type LighthouseRow } from './delivery-bench.js';
import { mediaGoals, scaleLines, type MediaFile, type ScaleFile } from './media-report.js';
import type { Summary } from './stats.js';

/**
 * Writes the results of the last `npm run bench` into docs/performance.md, between the two
 * markers below, from the JSON files the sections leave in data/bench/: the machine, the versions
 * and every goal with its measured figure and ✓/✗. A section not run this time keeps its last
 * figures (the JSON file stays), with that file's own date.
 */
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

interface Goal {
  name: string;
  measured: string;
  goal: string;
  met: boolean;
}

export interface ReadsFile {
  at: string;
  playback?: { firstFrame: Summary; swipeToFrame: Summary; bareFirstFrame?: Summary };
}
export interface DeliveryFile {
  at: string;
  cannon: CannonRow[];
  homeJs: { files: number; bytes: number };
  /** Files of older benches lack the audit items and the run count. */
  lighthouse: (Omit<LighthouseRow, 'over20Kb' | 'runs'> & Partial<Pick<LighthouseRow, 'over20Kb' | 'runs'>>)[];
}
interface WritesFile {
  at: string;
  pgbench?: { tps: number };
  runs: { name: string; requestsPerSecond: number; p99: number }[];
  goals: Goal[];
}

interface ConsoleFile {
  at: string;
  lists: { name: string; p95: number; errors: number; ratio: number }[];
}

interface ReportsFile {
  at: string;
  rows: { name: string; p95: number; errors: number; ratio: number }[];
  refresh: { full: { plays: number; ms: number }; recent: { plays: number; ms: number } };
}

interface UploadsFile {
  at: string;
  fileBytes: number;
  chunkBytes: number;
  upload: { p50: number };
  streamCopy: { p50: number };
  copyFile: { p50: number };
  ratio: number;
}

/** An episode upload by tus over loopback against a stream copy of the same file on the same disk. */
function uploadGoals(file: UploadsFile): Goal[] {
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  return [
    {
      name: `Upload of a ${mib(file.fileBytes)} MiB episode (tus, ${mib(file.chunkBytes)} MiB PATCHes) ÷ stream copy, same disk`,
      measured: `${file.ratio.toFixed(2)}× (${file.upload.p50.toFixed(0)} vs ${file.streamCopy.p50.toFixed(0)} MB/s; fs.copyFile, in the kernel: ${file.copyFile.p50.toFixed(0)} MB/s)`,
      goal: '≥ 0.5×',
      met: file.ratio >= 0.5,
    },
  ];
}

/** The Numbers dashboards: p95 against the 500 ms limit, no errors. */
function reportsGoals(file: ReportsFile): Goal[] {
  return file.rows.map((row) => ({
    name: `${row.name} p95 ÷ 500 ms`,
    measured: `${row.ratio.toFixed(2)}× (${row.p95.toFixed(1)} ms${row.errors ? `, ${row.errors} errors` : ''})`,
    goal: '≤ 1×, no errors',
    met: row.ratio <= 1 && row.errors === 0,
  }));
}

/** The console's list pages: p95 against the 100 ms limit, no errors. */
function consoleGoals(file: ConsoleFile): Goal[] {
  return file.lists.map((row) => ({
    name: `${row.name} p95 ÷ 100 ms`,
    measured: `${row.ratio.toFixed(2)}× (${row.p95.toFixed(1)} ms${row.errors ? `, ${row.errors} errors` : ''})`,
    goal: '≤ 1×, no errors',
    met: row.ratio <= 1 && row.errors === 0,
  }));
}

function readJson<T>(name: string): T | undefined {
  const file = path.join(repoRoot, 'data', 'bench', name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function versionOf(command: string, args: string[]): string {
  try {
    return (
      execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim()
        .split('\n')[0] ?? ''
    );
  } catch {
    return 'not found';
  }
}

/**
 * The chunks whose unused bytes are the floor of the chosen stack: React DOM (`react-*`) and
 * hls.js (its light build in `early-player-*`, the full one in `use-hls-player-*`, its worker
 * `hls.worker-*`). React stays, and hls.js stays first on
 * Chromium (whose native HLS fails some streams), so Lighthouse's "unused JavaScript" items of
 * these chunks are named beside the figures but not judged; every other item over 20 KB fails.
 */
const STACK_FLOOR_CHUNK = /^unused-javascript: \/assets\/(react|early-player|use-hls-player|hls\.worker)-[\w-]+\.js /;

const isStackFloor = (item: string): boolean => STACK_FLOOR_CHUNK.test(item);

export function deliveryGoals(delivery: DeliveryFile): Goal[] {
  const goals: Goal[] = [];
  for (const row of delivery.cannon) {
    if (row.name.startsWith('bare')) continue;
    const floor = row.name.includes('/dramas/:id') ? 0.15 : 0.25;
    goals.push({
      name: row.name,
      measured: `${row.ofBare.toFixed(3)}× bare (${row.requestsPerSecond} req/s), p99 ${row.p99} ms`,
      goal: `≥ ${floor}×, p99 < 50 ms`,
      met: row.ofBare >= floor && row.p99 < 50 && row.non2xx === 0,
    });
  }
  goals.push({
    name: 'Home JavaScript, gzip',
    measured: `${(delivery.homeJs.bytes / 1024).toFixed(1)} KB in ${delivery.homeJs.files} files`,
    goal: '≤ 150 KB',
    met: delivery.homeJs.bytes <= 150 * 1024,
  });
  const lighthouseFigures = (lh: DeliveryFile['lighthouse'][number]): string => {
    const items = lh.over20Kb ?? [];
    const judged = lh.page === BARE_LIGHTHOUSE_PAGE ? items : items.filter((item) => !isStackFloor(item));
    const floor = items.filter((item) => !judged.includes(item));
    return `${lh.performance} (LCP ${lh.lcpMs} ms, CLS ${lh.cls}, TBT ${lh.tbtMs} ms)${
      judged.length > 0 ? `; over 20 KB: ${judged.join('; ')}` : ''
    }${floor.length > 0 ? `; the stack's floor (not judged): ${floor.join('; ')}` : ''}`;
  };
  const bare = delivery.lighthouse.find((lh) => lh.page === BARE_LIGHTHOUSE_PAGE);
  for (const lh of delivery.lighthouse) {
    if (lh === bare) continue;
    const over20Kb = (lh.over20Kb ?? []).filter((item) => !isStackFloor(item));
    const clsGoal = lh.page === 'home' ? 0.05 : Number.POSITIVE_INFINITY;
    const reference =
      bare && lh.page === 'video page' ? `. Bare hls.js page, same stream and poster: ${lighthouseFigures(bare)}` : '';
    goals.push({
      name: `Lighthouse mobile, ${lh.page} (median of ${lh.runs ?? 1})`,
      measured: `${lighthouseFigures(lh)}${reference}`,
      goal:
        lh.page === 'home'
          ? '≥ 90, CLS < 0.05, nothing over 20 KB but React and hls.js'
          : '≥ 90, nothing over 20 KB but React and hls.js',
      met: lh.performance >= 90 && lh.cls < clsGoal && over20Kb.length === 0,
    });
  }
  return goals;
}

export function playbackGoals(reads: ReadsFile): Goal[] {
  const playback = reads.playback;
  if (!playback) return [];
  const goals: Goal[] = [];
  if (playback.bareFirstFrame) {
    const ratio = playback.firstFrame.p50 / playback.bareFirstFrame.p50;
    goals.push({
      name: 'First frame, cold load of the video page / bare hls.js page',
      measured: `${ratio.toFixed(2)}× (p50 ${playback.firstFrame.p50} ms vs ${playback.bareFirstFrame.p50} ms)`,
      goal: '≤ 1.2×',
      met: ratio <= 1.2,
    });
  } else {
    goals.push({
      name: 'First frame, cold load of the video page',
      measured: `p50 ${playback.firstFrame.p50} ms (no bare hls.js figure in this run)`,
      goal: '≤ 1.2× a bare hls.js page',
      met: false,
    });
  }
  goals.push({
    name: 'Swipe to the next episode’s frame',
    measured: `p95 ${playback.swipeToFrame.p95} ms`,
    goal: 'p95 < 300 ms',
    met: playback.swipeToFrame.p95 < 300,
  });
  return goals;
}

function table(goals: Goal[]): string[] {
  return [
    '| What | Measured | Goal | Met |',
    '| --- | --- | --- | :---: |',
    ...goals.map((g) => `| ${g.name} | ${g.measured} | ${g.goal} | ${g.met ? '✓' : '✗'} |`),
  ];
}

function renderResults(): string {
  const reads = readJson<ReadsFile>('latest.json');
  const delivery = readJson<DeliveryFile>('delivery.json');
  const writes = readJson<WritesFile>('writes-latest.json');
  const cpu = cpus();
  const lines = [
    START,
    '## Results of the last `npm run bench`',
    '',
    '_Written by the bench (e2e/bench/report.ts); do not edit by hand._',
    '',
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `- Node ${process.version}; ${versionOf('/usr/bin/chromium', ['--version'])}; ${versionOf('pgbench', ['--version'])}`,
    '',
  ];
  if (delivery || reads) {
    lines.push(`### Reads and delivery (${delivery?.at ?? reads?.at})`, '');
    lines.push(...table([...(delivery ? deliveryGoals(delivery) : []), ...(reads ? playbackGoals(reads) : [])]));
    if (delivery) {
      const loads = delivery.cannon.map((row) => `${row.name} ${row.load.replace('load ', '')}`);
      lines.push('', `Load average (1 min) when each catalogue row started: ${loads.join('; ')}.`);
    }
    lines.push('');
  }
  if (writes) {
    lines.push(`### Writes (${writes.at})`, '');
    if (writes.pgbench) lines.push(`pgbench TPC-B-like at 10 clients: ${writes.pgbench.tps} tps.`, '');
    lines.push(
      '| Request | req/s | p99 ms |',
      '| --- | ---: | ---: |',
      ...writes.runs.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p99} |`),
      '',
      ...table(writes.goals),
      '',
    );
  }
  const consoleFile = readJson<ConsoleFile>('console.json');
  if (consoleFile) {
    lines.push(`### Operator console (${consoleFile.at})`, '', ...table(consoleGoals(consoleFile)), '');
  }
  const reports = readJson<ReportsFile>('reports.json');
  if (reports) {
    const { full, recent } = reports.refresh;
    lines.push(
      `### Numbers dashboards (${reports.at})`,
      '',
      `Rollup refresh by \`npm run reports -- refresh\`: every play (${full.plays}) in ${full.ms} ms, then the recent days (${recent.plays} plays) in ${recent.ms} ms.`,
      '',
      ...table(reportsGoals(reports)),
      '',
    );
  }
  const uploads = readJson<UploadsFile>('uploads.json');
  if (uploads) {
    lines.push(`### Episode uploads (${uploads.at})`, '', ...table(uploadGoals(uploads)), '');
  }
  const media = readJson<MediaFile>('media.json');
  if (media) {
    lines.push(`### Media delivery (${media.at})`, '', ...table(mediaGoals(media)), '');
  }
  const scale = readJson<ScaleFile>('scale.json');
  if (scale) {
    lines.push(`### Viewers at scale (${scale.at})`, '', ...scaleLines(scale), '');
  }
  lines.push(END);
  return lines.join('\n');
}

/** Replaces the results between the markers (or appends them) in docs/performance.md. */
export function writePerformanceReport(): string {
  const file = path.join(repoRoot, 'docs', 'performance.md');
  const doc = readFileSync(file, 'utf8');
  const results = renderResults();
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${doc.slice(0, start)}${results}${doc.slice(end + END.length)}`
      : `${doc.trimEnd()}\n\n${results}\n`;
  writeFileSync(file, next);
  return file;
}
