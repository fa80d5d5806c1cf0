import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { handHlsItsWorker } from './src/build/hand-hls-its-worker.ts';
import { serverDrawnPageChunks } from './src/build/page-chunk-map.ts';
import { serviceWorkerBuild } from './src/build/service-worker-build.ts';
import { treeShakeReactRouter } from './src/build/tree-shake-react-router.ts';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|vtt)$/;
/** A compressed copy is written only if it is at most this share of the file. */
const MAX_COMPRESSED_RATIO = 0.9;
/**
 * Zopfli's rounds per file. Its gzip is 3–4 % smaller than zlib's level 9 and any gzip decoder
 * reads it; more rounds than this gained under 0.2 % on this build and cost seconds.
 */
const ZOPFLI_ITERATIONS = 5;
/** Brotli's quality in the tests' build: a tenth of quality 11's time, a few percent larger. */
const FAST_BROTLI_QUALITY = 5;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, so the server sends
 * bytes compressed once at maximum level (@fastify/static preCompressed) instead of per request:
 * brotli at quality 11, and gzip (for clients without brotli) by Zopfli.
 *
 * `WEB_PRECOMPRESS=fast` (the test suites' build) writes the same files with zlib's gzip and a mid brotli quality:
 * the tests check which files are served and how, not the last percent of size, and maximum
 * levels cost most of the build's time. `npm run build` and the bench keep the maximum.
 */
function precompress(): Plugin {
  const fast = process.env.WEB_PRECOMPRESS === 'fast';
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'cliffhanger-precompress',
    // The app shell's build (mode `app`) is read from the app bundle, never sent over a network.
    apply: (_config, env) => env.command === 'build' && env.mode !== APP_MODE,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        const gzip = fast ? gzipSync(bytes) : await gzipAsync(bytes, { numiterations: ZOPFLI_ITERATIONS });
        const brotli = brotliCompressSync(bytes, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: fast ? FAST_BROTLI_QUALITY : 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        // Only where it pays: a few bytes saved are not worth a round of decoding. Small chunks
        // of a page (half a kilobyte of code) still shrink by a third and are kept.
        if (gzip.length <= bytes.length * MAX_COMPRESSED_RATIO) writeFileSync(`${file}.gz`, gzip);
        if (brotli.length <= bytes.length * MAX_COMPRESSED_RATIO) writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}

/** The page's entry, and the app's start it imports once the server-drawn screen is painted. */
const ENTRY_MODULE = resolve(import.meta.dirname, 'src/main.tsx');
const BOOT_MODULE = resolve(import.meta.dirname, 'src/app/boot.tsx');

/**
 * The modules the app's start imports statically and the entry does not, found once the module
 * graph is complete and before chunks are made (the `boot` group below reads it). Left to
 * itself, the bundler cuts that graph into a chunk per set of pages sharing a module: 29 files
 * for home and 37 for a video page, dozens of them under a kilobyte. Every page loads all of them
 * anyway, and a browser fetches six at a time from an HTTP/1.1 server, so they queued behind each
 * other and ahead of the first segment of a shared episode. What the entry imports (Vite's
 * preload helper) stays out: in the group, the entry would import the app's start statically and
 * evaluate it before the first paint.
 */
function bootGraph(modules: Set<string>): Plugin {
  return {
    name: 'cliffhanger-boot-graph',
    buildEnd() {
      const closure = (root: string): Set<string> => {
        const seen = new Set<string>();
        const walk = (id: string): void => {
          const info = seen.has(id) ? null : this.getModuleInfo(id);
          if (!info) return;
          seen.add(id);
          info.importedIds.forEach(walk);
        };
        walk(root);
        return seen;
      };
      const entry = closure(ENTRY_MODULE);
      modules.clear();
      for (const id of closure(BOOT_MODULE)) if (!entry.has(id)) modules.add(id);
    },
  };
}
const bootModules = new Set<string>();
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * The shared components and helpers no page's start needs, as one small chunk: a page using any
 * of them loads all (about 6 KB gzip) instead of one request per component. The player, the
 * in-app purchase and the form validation stay where they are used: they carry hls.js, StoreKit's
 * bridge and zod.
 */
const SHARED_UI = /[\\/]src[\\/](components|lib)[\\/]/;
const NOT_SHARED_UI = /[\\/]lib[\\/](player|iap)[\\/]|[\\/]lib[\\/]form-validation/;

/** `vite build --mode app` (npm run build:app): the build the iOS shell ships (apps/mobile/www). */
const APP_MODE = 'app';

/**
 * VITE_API_ORIGIN, where the build calls the API (src/lib/api-origin.ts): nothing (the page's own
 * origin) or a bare http(s) origin. Checked at build time: a path or a typo would ship an app
 * that cannot reach its server. The app's build without one is allowed but said out loud: its
 * pages come from capacitor://localhost, so it reaches no API unless the shell loads a server's
 * pages instead (server.url in apps/mobile/capacitor.config.ts).
 */
function apiOriginCheck(): Plugin {
  return {
    name: 'cliffhanger-api-origin',
    apply: 'build',
    configResolved(config) {
      const value = String(config.env.VITE_API_ORIGIN ?? '').trim();
      if (value === '') {
        if (config.mode === APP_MODE) {
          config.logger.warn('VITE_API_ORIGIN is not set: the app build calls the API at its own origin (see apps/mobile/README.md).');
        }
        return;
      }
      let origin: string | undefined;
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
      } catch {
        // Not a URL: refused below.
      }
      if (origin !== value.replace(/\/+$/, '')) {
        throw new Error(`VITE_API_ORIGIN must be an origin such as https://api.example.com (no path), not "${value}"`);
      }
    },
  };
}

/** The server (apps/server) serves the API, the media and, in production, this build. */
const backend = process.env.CLIFFHANGER_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    precompress(),
    apiOriginCheck(),
    bootGraph(bootModules),
    treeShakeReactRouter(),
    handHlsItsWorker(),
    serverDrawnPageChunks(),
    serviceWorkerBuild(APP_MODE),
  ],
  // Served as it is, not pre-bundled, so the dev server applies handHlsItsWorker too.
  optimizeDeps: { exclude: ['hls.js'] },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it, with the page map serverDrawnPageChunks writes beside it, to preload a
    // deep link's page chunks (apps/server/src/plugins/page-chunks.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules its test names and no others: otherwise `boot` would take
          // Vite's preload helper along (the entry's), and `ui` the player and zod. Every module a
          // group leaves out is chunked as before; a build test checks that no chunks import each
          // other in a cycle.
          includeDependenciesRecursively: false,
          groups: [
            // React in a chunk of its own: it changes only with a React upgrade, so a release of
            // the app's code leaves it cached, and what the app's own start weighs is the app's.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            // The libraries of the app's start (router, queries) apart from its own code, for
            // the same reason: a release of the app changes only the `boot` chunk.
            { name: 'libs', test: (id) => bootModules.has(id) && NODE_MODULES.test(id), priority: 15 },
            // The server finds the app's start by this name (apps/server/src/plugins/page-bootstrap.ts).
            { name: 'boot', test: (id) => bootModules.has(id), priority: 10 },
            { name: 'ui', test: (id) => SHARED_UI.test(id) && !NOT_SHARED_UI.test(id), priority: 5 },
          ],
        },
      },
    },
  },
});
