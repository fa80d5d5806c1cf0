import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { SERVER_DRAWN_PAGES } from '@cliffhanger/contract/browser';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_IMPORTS_MODULE, PAGE_MAP_FILE, pageImportsIn, serverDrawnPageChunks } from './page-chunk-map';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cliffhanger-page-chunks-'));
  writeFileSync(join(dir, 'front.ts'), 'export const Front = "front";\n');
  writeFileSync(join(dir, 'player.ts'), 'export const Player = "player";\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Builds a small app with the plugin: `main.ts` loads its pages through `pages.ts` as the route
 * table does. Returns the page map the build wrote, and each chunk's module.
 */
async function buildApp(
  pages: string,
  main: string,
): Promise<{ map: Record<string, string>; chunks: Rolldown.OutputChunk[] }> {
  writeFileSync(join(dir, 'pages.ts'), pages);
  writeFileSync(join(dir, 'main.ts'), main);
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [serverDrawnPageChunks(join(dir, 'pages.ts'))],
    build: { write: false, minify: false, rolldownOptions: { input: join(dir, 'main.ts') } },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  const asset = output.output.find((file) => file.fileName === PAGE_MAP_FILE);
  if (asset?.type !== 'asset') throw new Error('the build wrote no page map');
  return {
    map: JSON.parse(String(asset.source)) as Record<string, string>,
    chunks: output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'),
  };
}

const PAGES = `export const PAGES = {
  front: () => import('./front'),
  player: () => import('./player'),
} satisfies Record<string, () => Promise<unknown>>;
`;
const MAIN = "import { PAGES } from './pages';\nvoid PAGES.front().then((m) => m.Front);\n";

describe('serverDrawnPageChunks', () => {
  it("writes each page's chunk, by the name the route table loads it with", async () => {
    const { map, chunks } = await buildApp(PAGES, MAIN);
    const chunkOf = (module: string) => chunks.find((chunk) => chunk.facadeModuleId === join(dir, module))?.fileName;
    expect(map).toEqual({ front: chunkOf('front.ts'), player: chunkOf('player.ts') });
    expect(map.front).toMatch(/^assets\/front-[\w-]+\.js$/);
  });

  it('follows a page renamed in the route table without anything else changing', async () => {
    writeFileSync(join(dir, 'start.ts'), 'export const Front = "start";\n');
    const { map } = await buildApp(PAGES.replace("'./front'", "'./start'"), MAIN);
    expect(map.front).toMatch(/^assets\/start-[\w-]+\.js$/);
  });

  it('fails the build when a page starts no chunk of its own', async () => {
    // Imported statically as well, the page's module joins the entry's chunk: nothing to preload.
    await expect(buildApp(PAGES, `import './player';\n${MAIN}`)).rejects.toThrow(
      /page "player" .* starts no chunk of its own/,
    );
  });

  it('fails the build when a page is not a bare import()', async () => {
    const pages = PAGES.replace("() => import('./player')", "() => import('./player').then((m) => m)");
    await expect(buildApp(pages, MAIN)).rejects.toThrow(
      /every page must be written `name: \(\) => import\('<module>'\)`/,
    );
  });

  it('fails the build when a page imports a module that is not there', async () => {
    await expect(buildApp(PAGES.replace("'./player'", "'./gone'"), MAIN)).rejects.toThrow(
      /page "player" imports "\.\/gone", which does not resolve/,
    );
  });

  it('fails the build when the app no longer loads its pages through the module', async () => {
    await expect(buildApp(PAGES, "void import('./front');\n")).rejects.toThrow(/pages\.ts is not in the build/);
  });
});

describe("the app's server-drawn pages", () => {
  it('are the pages the server draws, each a bare import() of a module that exists', () => {
    const pages = pageImportsIn(PAGE_IMPORTS_MODULE, readFileSync(PAGE_IMPORTS_MODULE, 'utf8'));
    expect([...pages.keys()].sort()).toEqual([...SERVER_DRAWN_PAGES].sort());
    for (const [page, specifier] of pages) {
      const base = resolve(dirname(PAGE_IMPORTS_MODULE), specifier);
      expect(
        ['.ts', '.tsx'].some((ext) => existsSync(`${base}${ext}`)),
        page,
      ).toBe(true);
    }
  });
});
