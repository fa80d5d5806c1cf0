import { resolve } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The build of hls.js the app imports (`hls.js/light`, src/lib/player/hls.ts). */
const HLS_LIGHT_BUILD = /[\\/]node_modules[\\/]hls\.js[\\/]dist[\\/]hls\.light\.mjs$/;
const HLS_WORKER_MODULE = resolve(import.meta.dirname, '../lib/player/hls-worker.ts');
/** The one line of hls.js's `loadWorker` that starts a worker. */
export const HLS_NEW_WORKER = 'const worker = new self.Worker(scriptURL);';
const TAKE_OR_NEW_WORKER = 'const worker = takeStartedHlsWorker(scriptURL) ?? new self.Worker(scriptURL);';

/**
 * hls.js starts its transmuxing worker only once the first segment is in; the app starts it
 * earlier (src/lib/player/hls-worker.ts), and hls.js's `loadWorker` is made to take that one
 * before it starts another. hls.js has no option for handing it a worker, so its one
 * `new self.Worker(scriptURL)` is rewritten. If an upgrade changes that line, the build fails
 * here rather than quietly starting two workers (e2e/catalog/playback.spec.ts counts them).
 */
export function handHlsItsWorker(): Plugin {
  return {
    name: 'cliffhanger-hand-hls-its-worker',
    transform(code, id) {
      // The dev server's ids carry a version query (`?v=…`).
      if (!HLS_LIGHT_BUILD.test(id.split('?')[0]!)) return null;
      const at = code.indexOf(HLS_NEW_WORKER);
      if (at < 0 || code.indexOf(HLS_NEW_WORKER, at + 1) >= 0) {
        throw new Error(`${id}: expected exactly one "${HLS_NEW_WORKER}" (hls.js's loadWorker)`);
      }
      const out = new MagicString(code);
      out.overwrite(at, at + HLS_NEW_WORKER.length, TAKE_OR_NEW_WORKER);
      out.prepend(`import { takeStartedHlsWorker } from ${JSON.stringify(HLS_WORKER_MODULE)};\n`);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
