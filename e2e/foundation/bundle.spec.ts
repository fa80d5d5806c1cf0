import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { listDramas } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { apiFor, ok } from '../support/api.js';
import { baseUrl } from '../support/browser.js';
import { repoRoot } from '../support/server-process.js';

/**
 * The shape of the production build the suite runs on (apps/web/vite.config.ts): how many scripts
 * a page's first load needs, and how the chunks import each other.
 */
const assets = path.join(repoRoot, 'apps', 'web', 'dist', 'assets');

/** Each chunk's static imports of other chunks (`import … from "./x.js"`, `import "./x.js"`). */
function chunkImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    graph.set(
      file,
      [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!),
    );
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]): void => {
    if (state.get(file) === 'open') {
      found.push([...trail, file]);
      return;
    }
    if (state.get(file) === 'done') return;
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return found;
}

async function pageScripts(pathAndQuery: string): Promise<string[]> {
  const html = await (await fetch(new URL(pathAndQuery, baseUrl()))).text();
  return [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

describe('the web build', () => {
  it('has no chunks importing each other in a cycle (a group of the chunking could make one)', () => {
    const graph = chunkImports();
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph)).toEqual([]);
  });

  it('cycle check, positive control: a cycle is found', () => {
    const graph = new Map([
      ['a.js', ['b.js']],
      ['b.js', ['c.js']],
      ['c.js', ['a.js']],
    ]);
    expect(cycles(graph)).toEqual([['a.js', 'b.js', 'c.js', 'a.js']]);
  });

  it("has an entry that imports nothing statically: the app's start waits for the first paint", async () => {
    const [entry] = await pageScripts('/about-nothing');
    expect(entry).toMatch(/^index-/);
    expect(chunkImports().get(entry!)).toEqual([]);
  });

  it("has an early player that imports nothing of the app's start: a shared episode plays before React is evaluated", () => {
    const graph = chunkImports();
    const early = [...graph.keys()].find((file) => file.startsWith('early-player-'));
    expect(early).toBeDefined();
    // What it imports, and what that imports: a chunk module's code runs when it is imported.
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      (graph.get(file) ?? []).forEach(visit);
    };
    visit(early!);
    expect([...reached].filter((file) => /^(boot|react|libs|ui)-/.test(file))).toEqual([]);
  });

  it('loads home and a video page with a handful of scripts, not one per shared module', async () => {
    const home = await pageScripts('/');
    expect(home.some((file) => file.startsWith('home-page-'))).toBe(true);
    expect(home.length).toBeLessThanOrEqual(8);
    // The player and hls.js (about 116 KB gzip) are a video page's alone, although the entry can
    // import the early player for a video page's stage.
    const player = /^(early-player|use-hls-player)-/;
    expect(home.filter((file) => player.test(file))).toEqual([]);

    const [drama] = ok(await apiFor(baseUrl()).call(listDramas, { query: { sort: 'hits', size: 1 } })).list;
    const video = await pageScripts(`/pages/video/mobileVideoIndex?drama_id=${drama!.id}`);
    expect(video.some((file) => file.startsWith('video-page-'))).toBe(true);
    expect(video.length).toBeLessThanOrEqual(12);
    expect(video.filter((file) => player.test(file))).toHaveLength(2);
  });

  it("carries none of React Router's components the app does not use, nor its developer warnings", () => {
    const libs = readdirSync(assets).find((file) => /^libs-.*\.js$/.test(file));
    expect(libs).toBeDefined();
    const code = readFileSync(path.join(assets, libs!), 'utf8');
    // The router is there (an invariant of its hooks) ...
    expect(code).toContain('useNavigate() may be used only in the context of a <Router>');
    // ... but not NavLink (its aria-current default), nor what only its developer build says.
    expect(code).not.toContain('aria-current');
    expect(code).not.toContain('Hey developer');
  });
});
