import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|vtt)$/;
/** A compressed copy is written only if it is at most this share of the file. */
const MAX_COMPRESSED_RATIO = 0.9;
/**
 * Zopfli's rounds per file. Its gzip is 3–4 % smaller than zlib's level 9 and any gzip decoder
 * reads it; more rounds than this gained under 0.2 % on this build and cost seconds.
 */
const ZOPFLI_ITERATIONS = 5;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, so the server sends
 * bytes compressed once at maximum level (@fastify/static preCompressed) instead of per request:
 * brotli at quality 11, and gzip (for clients without brotli) by Zopfli.
 */
function precompress(): Plugin {
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
        const gzip = await gzipAsync(bytes, { numiterations: ZOPFLI_ITERATIONS });
        const brotli = brotliCompressSync(bytes, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        // Only where it pays: a few bytes saved are not worth a round of decoding. Small chunks
        // of a page (half a kilobyte of code) still shrink by a third and are kept.
        if (gzip.length <= bytes.length * MAX_COMPRESSED_RATIO) writeFileSync(`${file}.gz`, gzip);
        if (brotli.length <= bytes.length * MAX_COMPRESSED_RATIO) writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}

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
  plugins: [react(), precompress(), apiOriginCheck()],
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
    // The server reads it to preload a deep link's page chunks (apps/server/src/plugins/page-bootstrap.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in a chunk of its own: it changes only with a React upgrade, so a release of the
          // app's code leaves it cached, and what the app's own start weighs is the app's.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
