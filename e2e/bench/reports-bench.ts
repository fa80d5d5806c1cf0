import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import { repoRoot } from '../support/server-process.js';
import { benchGet, type ApiResult } from './api-bench.js';
import { startConsoleWorld } from './console-world.js';
import { refreshReports, REPORTS_WORLD, seedReportsWorld, type RefreshRun } from './reports-world.js';

/** Each Numbers dashboard must answer within this at p95 (docs/performance.md). */
const REPORTS_P95_LIMIT_MS = 500;

interface ReportsRow extends ApiResult {
  /** p95 ÷ the 500 ms limit: ≤ 1 meets the goal. */
  ratio: number;
}

export interface ReportsResult {
  rows: ReportsRow[];
  /** The first refresh (every play) and the next one (the recent days only). */
  refresh: { full: RefreshRun; recent: RefreshRun };
}

/**
 * The Numbers dashboards on PostgreSQL with 100,000 viewers, 1,000,000 plays and 50,000 orders
 * (reports-world.ts), rollups refreshed by `npm run reports -- refresh`, as an admin: each
 * dashboard 100 times from 4 loops (a few operators at once), after a warm-up.
 */
export async function benchReports(adminUrl: string): Promise<ReportsResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ch-bench-reports-'));
  let refresh: ReportsResult['refresh'] | undefined;
  const world = await startConsoleWorld(adminUrl, async (url) => {
    await seedReportsWorld(url);
    const full = refreshReports(url, dataDir);
    refresh = { full, recent: refreshReports(url, dataDir) };
  });
  try {
    if (!refresh) throw new Error('the rollups were not refreshed');
    const base = `${world.server.url}${CONSOLE_API_PREFIX}/reports`;
    const headers = { cookie: world.cookie };
    const options = { requests: 100, concurrency: 4, headers };
    const dramas = (await (await fetch(`${base}/dramas`, { headers })).json()) as {
      data: { dramas: { drama_id: number }[] };
    };
    const ids = dramas.data.dramas.map((d) => d.drama_id);
    if (ids.length === 0) throw new Error('the dramas dashboard lists no dramas');
    let k = 0;
    const quarter = (() => {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      return `from=${from}&to=${to}`;
    })();
    const pages: [string, () => string][] = [
      ['revenue, last 30 days', () => `${base}/revenue`],
      ['revenue, 90 days', () => `${base}/revenue?${quarter}`],
      ['viewers, last 30 days', () => `${base}/viewers`],
      ['viewers, 90 days', () => `${base}/viewers?${quarter}`],
      ['coins, last 30 days', () => `${base}/coins`],
      ['coins, 90 days', () => `${base}/coins?${quarter}`],
      ['dramas, last 30 days', () => `${base}/dramas`],
      ['one drama, last 30 days', () => `${base}/dramas/${ids[k++ % ids.length]}`],
      ['one drama, 90 days', () => `${base}/dramas/${ids[k++ % ids.length]}?${quarter}`],
      ['CSV: viewers cohorts, 90 days', () => `${base}/viewers/csv?${quarter}&table=cohorts`],
    ];
    await benchGet('warm-up', () => `${base}/viewers`, { ...options, requests: 40 });
    const rows: ReportsRow[] = [];
    for (const [name, url] of pages) {
      const row = await benchGet(`numbers: ${name}`, url, options);
      rows.push({ ...row, ratio: row.p95 / REPORTS_P95_LIMIT_MS });
    }
    return { rows, refresh };
  } finally {
    await world.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printReports(result: ReportsResult): void {
  const { full, recent } = result.refresh;
  console.log(
    `\nRollup refresh: every play (${full.plays}) ${full.ms} ms; the recent days (${recent.plays} plays) ${recent.ms} ms`,
  );
  const w = REPORTS_WORLD;
  console.log(
    `Numbers (ms), ${w.viewers} viewers / ${w.plays} plays / ${w.orders} orders      p50    p95    max  errors  p95 ÷ ${REPORTS_P95_LIMIT_MS} ms`,
  );
  for (const r of result.rows) {
    console.log(
      `${r.name.padEnd(48)} ${[r.p50, r.p95, r.max].map((x) => x.toFixed(1).padStart(6)).join(' ')} ${String(r.errors).padStart(7)}  ${r.ratio.toFixed(2)}× ${r.ratio <= 1 && r.errors === 0 ? '✓' : '✗'}`,
    );
  }
}

export function writeReportsResults(result: ReportsResult): void {
  const out = path.join(repoRoot, 'data', 'bench', 'reports.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
}
