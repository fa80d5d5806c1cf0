import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_API_PREFIX } from '@cliffhanger/contract/console';
import { repoRoot } from '../support/server-process.js';
import { benchGet, type ApiResult } from './api-bench.js';
import { seedLargeCatalogue, startConsoleWorld } from './console-world.js';

/** The console's list pages must answer within this at p95 (docs/performance.md). */
const CONSOLE_LIST_P95_LIMIT_MS = 100;

export interface ConsoleListRow extends ApiResult {
  /** p95 ÷ the 100 ms limit: ≤ 1 meets the goal. */
  ratio: number;
}

/**
 * The console's list pages on PostgreSQL with 5,000 dramas and 100,000 episodes seeded, as an
 * admin signed in through the real command and enrolment: each page 400 times from 4 loops (a
 * few operators at once, not a crowd), after a warm-up.
 */
export async function benchConsoleLists(adminUrl: string): Promise<ConsoleListRow[]> {
  const world = await startConsoleWorld(adminUrl, (url) => seedLargeCatalogue(url));
  try {
    const base = `${world.server.url}${CONSOLE_API_PREFIX}`;
    const headers = { cookie: world.cookie };
    const options = { requests: 400, concurrency: 4, headers };
    const first = (await (await fetch(`${base}/catalogue/dramas?size=50`, { headers })).json()) as {
      data: { list: { id: number }[] };
    };
    const ids = first.data.list.map((d) => d.id);
    if (ids.length === 0) throw new Error('the console lists no dramas');
    let k = 0;
    const pages: [string, () => string][] = [
      ['dramas, newest first', () => `${base}/catalogue/dramas?size=50`],
      ['dramas, search', () => `${base}/catalogue/dramas?q=drama%2049&size=50`],
      ['dramas, status + tag', () => `${base}/catalogue/dramas?status=published&tag=romance&size=50`],
      ['dramas, by hits, page 40', () => `${base}/catalogue/dramas?sort=hits&page=40&size=50`],
      ['drama with 20 episodes', () => `${base}/catalogue/dramas/${ids[k++ % ids.length]}`],
      ['editorial candidates', () => `${base}/editorial/candidates?q=drama`],
      ['operators', () => `${base}/operators`],
      ['audit log', () => `${base}/audit`],
    ];
    await benchGet('warm-up', () => `${base}/catalogue/dramas?size=50`, { ...options, requests: 200 });
    const rows: ConsoleListRow[] = [];
    for (const [name, url] of pages) {
      const row = await benchGet(`console: ${name}`, url, options);
      rows.push({ ...row, ratio: row.p95 / CONSOLE_LIST_P95_LIMIT_MS });
    }
    return rows;
  } finally {
    await world.stop();
  }
}

export function printConsoleLists(rows: readonly ConsoleListRow[]): void {
  console.log(`\nConsole lists (ms), 5,000 dramas / 100,000 episodes   p50    p95    max  errors  p95 ÷ ${CONSOLE_LIST_P95_LIMIT_MS} ms`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(48)} ${[r.p50, r.p95, r.max].map((x) => x.toFixed(1).padStart(6)).join(' ')} ${String(r.errors).padStart(7)}  ${r.ratio.toFixed(2)}× ${r.ratio <= 1 && r.errors === 0 ? '✓' : '✗'}`,
    );
  }
}

export function writeConsoleResults(file: object): void {
  const out = path.join(repoRoot, 'data', 'bench', 'console.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...file }, null, 2)}\n`);
}
