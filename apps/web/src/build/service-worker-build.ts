import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const SERVICE_WORKER_SOURCE = resolve(import.meta.dirname, '../service-worker/sw.ts');
/** At the site's root, so its scope is the whole app (the server serves it with no-cache). */
const SERVICE_WORKER_FILE = 'sw.js';

/** Files of the build the app shell never needs offline: maps, the build's own records, the worker. */
function isShellFile(fileName: string): boolean {
  return !fileName.endsWith('.map') && !fileName.startsWith('.vite/') && fileName !== SERVICE_WORKER_FILE;
}

function publicFiles(publicDir: string): string[] {
  if (!publicDir || !existsSync(publicDir)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [relative(publicDir, path).split(sep).join('/')];
    });
  return walk(publicDir);
}

export interface PrecacheList {
  version: string;
  files: string[];
}

/**
 * The app shell's files: index.html first, then every file of the bundle (hashed names) and of
 * the public folder (manifest, icons). The version is a hash of every file's bytes, so any change
 * to the shell makes a new cache and the worker a new script the browser installs.
 */
export function precacheList(bundle: Rolldown.OutputBundle, publicDir: string): PrecacheList {
  const hash = createHash('sha256');
  const files: string[] = [];
  const built = Object.values(bundle)
    .filter((output) => isShellFile(output.fileName))
    .sort((a, b) =>
      a.fileName === 'index.html' ? -1 : b.fileName === 'index.html' ? 1 : a.fileName.localeCompare(b.fileName),
    );
  for (const output of built) {
    files.push(`/${output.fileName}`);
    hash.update(output.fileName).update(output.type === 'chunk' ? output.code : output.source);
  }
  for (const file of publicFiles(publicDir)) {
    files.push(`/${file}`);
    hash.update(file).update(readFileSync(join(publicDir, file)));
  }
  return { version: hash.digest('hex').slice(0, 16), files };
}

/** The sourcemap comment stays the script's last line. */
function appendBeforeSourceMapComment(code: string, line: string): string {
  const at = code.lastIndexOf('\n//# sourceMappingURL=');
  return at < 0 ? `${code}\n${line}\n` : `${code.slice(0, at)}\n${line}${code.slice(at)}`;
}

/**
 * Builds src/service-worker/sw.ts into /sw.js beside the app, with the list of the app shell's
 * files it keeps for offline use appended once every other file of the build has its final name.
 * Not for the iOS shell's build (`skipMode`): its pages come from the app bundle itself.
 */
export function serviceWorkerBuild(skipMode: string): Plugin {
  let publicDir = '';
  return {
    name: 'cliffhanger-service-worker',
    apply: (_config, env) => env.command === 'build' && env.mode !== skipMode,
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SERVICE_WORKER_SOURCE, fileName: SERVICE_WORKER_FILE });
    },
    // After Vite's own plugins: index.html is added to the bundle in their generateBundle.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const worker = bundle[SERVICE_WORKER_FILE];
        if (worker?.type !== 'chunk') throw new Error(`${SERVICE_WORKER_FILE} is missing from the build`);
        if (worker.imports.length > 0 || worker.dynamicImports.length > 0) {
          // A classic worker script cannot import: a module it shares with the app went into a chunk.
          throw new Error(`${SERVICE_WORKER_FILE} imports ${[...worker.imports, ...worker.dynamicImports].join(', ')}`);
        }
        const list = precacheList(bundle, publicDir);
        worker.code = appendBeforeSourceMapComment(worker.code, `self.__PRECACHE_MANIFEST=${JSON.stringify(list)};`);
      },
    },
  };
}
