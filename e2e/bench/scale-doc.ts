import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support/server-process.js';
import { hitRatio } from './media-report.js';
import { predictedCommits, type ScaleResult } from './scale-bench.js';
import type { PlanRow } from './scale-plan.js';

/**
 * Writes the measured figures and the plan of the last `npm run bench -- scale` into docs/scale.md,
 * each between its pair of markers; the prose around them is written by hand from these tables.
 */
const MEASURED = ['<!-- scale:measured:start -->', '<!-- scale:measured:end -->'] as const;
const PLAN = ['<!-- scale:plan:start -->', '<!-- scale:plan:end -->'] as const;

const clients = (n: number) => `${n} client${n === 1 ? '' : 's'}`;
const fixed = (x: number, digits: number) =>
  Number.isFinite(x)
    ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';

function measuredLines(result: ScaleResult & { at: string }): string[] {
  const loads = result.runs.map((r) => fixed(r.loadAverage, 1)).join(' and ');
  const lines = [
    `Run of ${result.at.slice(0, 16).replace('T', ' ')} UTC: ${result.viewers} viewers for ${result.seconds} s a run, load average ${loads} when the runs began (2 cores).`,
    '',
    '| Run (demo catalogue) | Viewer-minutes | API CPU per 1,000 viewers | API bytes out per 1,000 viewers | Edge CPU per 1,000 | Edge hit ratio | Viewers 2 cores carry | Errors | Generator CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of result.runs) {
    const seconds = run.load.watchedSeconds;
    const hits = hitRatio(run.load.cache);
    const errors = Object.values(run.load.errorCodes).reduce((sum, n) => sum + n, 0);
    // Linear in viewers: 2 cores ÷ the CPU (API and edge) one viewer-second cost.
    const perViewer = (run.api.cpuSeconds + (run.edge?.cpuSeconds ?? 0)) / seconds;
    lines.push(
      `| ${run.mode === 'edge' ? 'Through the edge, two processes' : 'One API process, no edge'} | ${fixed(seconds / 60, 1)} | ${fixed((run.api.cpuSeconds / seconds) * 1000, 2)} cores | ${fixed(((run.api.writtenBytes * 8) / 1e6 / seconds) * 1000, 0)} Mb/s | ${run.edge ? `${fixed((run.edge.cpuSeconds / seconds) * 1000, 2)} cores` : '—'} | ${hits === undefined ? '—' : `${fixed(hits * 100, 1)} % (${run.load.cache.HIT ?? 0} of ${Object.entries(run.load.cache).reduce((sum, [status, n]) => (status === 'none' ? sum : sum + n), 0)})`} | ${fixed(2 / perViewer, 0)} | ${errors} | ${fixed(run.generatorCpuSeconds, 1)} s |`,
    );
  }
  lines.push(
    '',
    `Commits PostgreSQL counted in each run, and what the per-request costs below predict for its requests: ${result.runs.map((run) => `${run.mode} ${run.db.xactCommit} and ${predictedCommits(run, result.costs)}`).join('; ')}.`,
  );
  const m = result.measured;
  const redis = result.redis.reduce((a, b) => (b.rps < a.rps ? b : a));
  const carried = result.api.find((row) => row.requestsPerSecond === m.apiProcessRps);
  lines.push(
    '',
    '| One request, alone on one process | Commits | Row writes | Redis commands | API CPU |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...result.costs.map(
      (c) =>
        `| ${c.kind} (${c.requests}${c.errors ? `, ${c.errors} errors` : ''}) | ${fixed(c.commits, 2)} | ${fixed(c.rowWrites, 2)} | ${fixed(c.redisCommands, 2)} | ${fixed(c.cpuMs, 2)} ms |`,
    ),
    '',
    '| Capacity of one | Measured |',
    '| --- | --- |',
    `| API process, the viewers' API mix, p95 within 50 ms | ${carried ? `${fixed(m.apiProcessRps, 0)} req/s (${clients(carried.concurrency)})` : 'none of the runs'}; ${result.api.map((row) => `${clients(row.concurrency)} ${row.requestsPerSecond} req/s p95 ${row.p95} ms`).join(', ')} |`,
    `| PostgreSQL, pgbench TPC-B-like, 10 clients | ${fixed(result.pgbench.tps, 0)} tps |`,
    `| Redis, redis-benchmark, 50 clients | ${fixed(redis.rps, 0)} ops/s (${redis.test}, the slowest of ${result.redis.map((r) => r.test).join(', ')}) |`,
    `| \`episode_plays\` row with its indexes | ${fixed(m.playRowBytes, 0)} bytes |`,
    `| Video fetched per second watched | ${fixed(m.fetchedPerWatched, 2)} s |`,
    `| API CPU per GB of video the media route served | ${fixed(m.originCpuSecondsPerGB, 1)} s |`,
  );
  return lines;
}

function planLines(plan: PlanRow[]): string[] {
  return [
    '| What | Figure | How |',
    '| --- | --- | --- |',
    ...plan.map((row) => `| ${row.what} | ${row.value} | ${row.how} |`),
  ];
}

function replaceBetween(doc: string, [start, end]: readonly [string, string], lines: string[]): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/scale.md has no ${start} … ${end} block`);
  return `${doc.slice(0, from + start.length)}\n${lines.join('\n')}\n${doc.slice(to)}`;
}

export function writeScaleDoc(result: ScaleResult & { at: string }): string {
  const file = path.join(repoRoot, 'docs', 'scale.md');
  const doc = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    replaceBetween(replaceBetween(doc, MEASURED, measuredLines(result)), PLAN, planLines(result.plan)),
  );
  return file;
}
