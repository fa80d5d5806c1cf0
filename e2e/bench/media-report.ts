import { EDGE_GOAL, ORIGIN_GOAL, type MediaResult } from './media-bench.js';
import type { ScaleResult } from './scale-bench.js';

/** The media and scale sections' part of docs/performance.md's results (report.ts writes them in). */
export interface MediaGoal {
  name: string;
  measured: string;
  goal: string;
  met: boolean;
}

export type MediaFile = { at: string } & Pick<MediaResult, 'fileBytes' | 'nginxWorkers' | 'origin' | 'edge' | 'rounds'>;
export type ScaleFile = { at: string } & ScaleResult;

function medianRps(file: MediaFile, name: string): number {
  const values = file.rounds
    .map((rows) => rows.find((row) => row.name === name)?.requestsPerSecond ?? 0)
    .sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 0;
}

/** The origin's media route and the edge's cache hits, each against nginx serving the same file. */
export function mediaGoals(file: MediaFile): MediaGoal[] {
  const kb = `${Math.round(file.fileBytes / 1024)} KB`;
  const base = medianRps(file, 'nginx static');
  const goals: MediaGoal[] = [
    {
      name: `Origin media route ÷ nginx static (${file.nginxWorkers} worker), one ${kb} HD segment`,
      measured: `${file.origin.ratio.toFixed(2)}× (${medianRps(file, 'origin media route')} vs ${base} req/s), p99 ${file.origin.p99} ms${file.origin.non2xx ? `, ${file.origin.non2xx} errors` : ''}`,
      goal: `≥ ${ORIGIN_GOAL}×, no errors`,
      met: file.origin.ratio >= ORIGIN_GOAL && file.origin.non2xx === 0,
    },
  ];
  const edge = file.edge;
  goals.push(
    edge
      ? {
          name: `Edge cache hit ÷ nginx static (${file.nginxWorkers} worker), same segment`,
          measured: `${edge.ratio.toFixed(2)}× (${medianRps(file, 'edge cache hit')} vs ${base} req/s), p99 ${edge.p99} ms, ${Math.round(edge.hitShare * 100)} % hits${edge.non2xx ? `, ${edge.non2xx} errors` : ''}`,
          goal: `≥ ${EDGE_GOAL}×, every answer a hit, no errors`,
          met: edge.ratio >= EDGE_GOAL && edge.hitShare === 1 && edge.non2xx === 0,
        }
      : {
          name: 'Edge cache hit ÷ nginx static',
          measured: 'not measured: this checkout has no deploy/nginx/edge.conf',
          goal: `≥ ${EDGE_GOAL}×`,
          met: false,
        },
  );
  return goals;
}

/** Cache hits among the media answers that carried X-Cache-Status. */
export function hitRatio(cache: Record<string, number>): number | undefined {
  const answered = Object.entries(cache).filter(([status]) => status !== 'none');
  const total = answered.reduce((sum, [, n]) => sum + n, 0);
  return total === 0 ? undefined : (cache.HIT ?? 0) / total;
}

const fixed = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

/** The scale section's figures: printed, not goals; docs/scale.md draws the plan from them. */
export function scaleLines(file: ScaleFile): string[] {
  const lines = [
    `${file.viewers} simulated viewers for ${file.seconds} s a run, on the demo catalogue (6 s episodes); per 1,000 viewers from CPU and bytes over the seconds watched. The plan these feed is in [scale.md](scale.md).`,
    '',
    '| Run | Viewer-minutes | API CPU per 1,000 viewers | API writes per 1,000 viewers | Edge CPU per 1,000 | Edge hit ratio | Commits / row writes per viewer-minute | Errors | Load |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of file.runs) {
    const seconds = run.load.watchedSeconds;
    const minutes = seconds / 60;
    const hits = hitRatio(run.load.cache);
    const errors = Object.values(run.load.errorCodes).reduce((sum, n) => sum + n, 0);
    lines.push(
      `| ${run.mode === 'edge' ? 'through the edge (2 processes)' : 'one API process, no edge'} | ${fixed(minutes, 1)} | ${fixed((run.api.cpuSeconds / seconds) * 1000, 2)} cores | ${fixed(((run.api.writtenBytes * 8) / 1e6 / seconds) * 1000, 1)} Mb/s | ${run.edge ? `${fixed((run.edge.cpuSeconds / seconds) * 1000, 2)} cores` : '—'} | ${hits === undefined ? '—' : `${fixed(hits * 100, 1)} %`} | ${fixed(run.db.xactCommit / minutes, 1)} / ${fixed(run.db.rowWrites / minutes, 1)} | ${errors} | ${fixed(run.loadAverage, 1)} |`,
    );
  }
  lines.push(
    '',
    '| One request, alone | Commits | Row writes | Redis commands | API CPU ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...file.costs.map((c) => `| ${c.kind} | ${c.commits} | ${c.rowWrites} | ${c.redisCommands} | ${c.cpuMs} |`),
    '',
    `One API process, the viewers' API mix: ${file.api.map((row) => `${row.concurrency} loops ${row.requestsPerSecond} req/s p95 ${row.p95} ms`).join('; ')}. pgbench TPC-B-like at 10 clients: ${file.pgbench.tps} tps. redis-benchmark at 50 clients: ${file.redis.map((r) => `${r.test} ${r.rps}/s`).join(', ')}.`,
  );
  return lines;
}
