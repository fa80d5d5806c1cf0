import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/paths.js';

/**
 * Which server test files use a database, read from their imports. server-pg runs only these
 * (vitest.config.ts: `*.db.test.ts` and `*.pg.test.ts`); server-pglite runs every file.
 */

const serverRoot = path.join(repoRoot, 'apps/server');
const testKitRoot = path.join(repoRoot, 'packages/test-kit/src');

/**
 * Where the suite's database driver is chosen: the test database helpers. A file that never
 * reaches them runs identically in both projects (a unit test, or one that opens its own PGlite),
 * so running it on PostgreSQL as well would prove nothing new.
 */
const DATABASE_MODULES = new Set(['apps/server/test/helpers/test-app.ts'].map((file) => path.join(repoRoot, file)));
/** The PostgreSQL driver: a file that imports it talks to a server itself. */
const DATABASE_PACKAGES = new Set(['pg']);
/** Text that picks the test database without the helpers. */
const DATABASE_TEXT = /\bTEST_DATABASE_URL\b|\bTEST_DB_DRIVER\b/;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '');
}

/** The file an import names, when it is one of ours worth following (test code and the test kit). */
function resolveOwn(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@cliffhanger/test-kit/')) target = path.join(testKitRoot, specifier.slice(22));
  else return undefined;
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * Whether `file` runs on the suite's test database: it reaches the test database helpers or
 * the PostgreSQL driver, or names the test database, directly or through test helpers and the
 * test kit. Application code under src/ is not followed (it opens whatever database its caller
 * configures).
 */
export function usesDatabase(file: string, seen = new Set<string>()): boolean {
  if (DATABASE_MODULES.has(file)) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (DATABASE_TEXT.test(source)) return true;
  for (const specifier of specifiers(source)) {
    if (DATABASE_PACKAGES.has(packageName(specifier))) return true;
    const target = resolveOwn(file, specifier);
    if (!target) continue;
    if (DATABASE_MODULES.has(target)) return true;
    const followed = !target.startsWith(path.join(serverRoot, 'src') + path.sep) || target.endsWith('.test.ts');
    if (followed && usesDatabase(target, seen)) return true;
  }
  return false;
}

/** Every server test file, relative to apps/server. */
export function serverTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) found.push(path.relative(serverRoot, full));
    }
  };
  walk(path.join(serverRoot, 'src'));
  walk(path.join(serverRoot, 'test'));
  return found.sort();
}

export const isDatabaseTestName = (file: string): boolean => /\.(db|pg)\.test\.ts$/.test(file);

export const serverFile = (relative: string): string => path.join(serverRoot, relative);
