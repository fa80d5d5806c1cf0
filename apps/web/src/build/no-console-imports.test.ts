import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The operator console (apps/console, `@cliffhanger/contract/console`) is an app of its own: not a
 * byte of it may reach the viewers' bundle. This reads the web's sources and follows every import
 * that stays at run time, through the contract's entries, and fails on a path into the console.
 */
const here = dirname(fileURLToPath(import.meta.url));
const webSrc = resolve(here, '..');
const repo = resolve(webSrc, '../../..');
const contractSrc = join(repo, 'packages/contract/src');

const CONTRACT_ENTRIES: Record<string, string> = {
  '@cliffhanger/contract': join(contractSrc, 'index.ts'),
  '@cliffhanger/contract/browser': join(contractSrc, 'browser.ts'),
  '@cliffhanger/contract/console': join(contractSrc, 'console/index.ts'),
};
const CONSOLE_CODE = [join(repo, 'apps/console') + '/', join(contractSrc, 'console') + '/'];
const CONSOLE_PACKAGES = ['@cliffhanger/console', '@cliffhanger/contract/console'];

interface Import {
  specifier: string;
  /** Erased by the compiler (`import type`, `export type`, or only `type` names). */
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const code = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gms)) {
    const [, typeKeyword, clause = '', specifier = ''] = match;
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const onlyTypes =
      clause.trim().startsWith('{') && names.length > 0 && names.every((name) => name.startsWith('type '));
    found.push({ specifier, typeOnly: Boolean(typeKeyword) || onlyTypes });
  }
  for (const match of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push({ specifier: match[1] ?? '', typeOnly: false });
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ specifier: match[1] ?? '', typeOnly: false });
  return found;
}

/** The source file a relative specifier names (`./x`, `./x.js`, `./dir`), or null for assets and JSON. */
function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every way the given files reach the console: `file → specifier`, direct (any import) or through run-time imports. */
function consoleReaches(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string, direct: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = specifier.startsWith('.')
        ? resolveRelative(file, specifier)
        : (CONTRACT_ENTRIES[specifier] ?? null);
      const intoConsole =
        CONSOLE_PACKAGES.includes(specifier) || (target !== null && CONSOLE_CODE.some((dir) => target.startsWith(dir)));
      // A type import adds no byte, but a web file has no business naming the console at all.
      if (intoConsole && (direct || !typeOnly)) found.push(`${relative(repo, file)} → ${specifier}`);
      if (target && !typeOnly && !intoConsole) visit(target, false);
    }
  };
  for (const root of roots) visit(root, true);
  return found;
}

const webFiles = sourceFiles(webSrc).filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'));

describe("the viewers' app and the operator console", () => {
  it('reaches nothing of the console, directly or through the contract', () => {
    expect(webFiles.length).toBeGreaterThan(50);
    expect(consoleReaches(webFiles)).toEqual([]);
  });

  it('is what the test reads: a console import is caught, directly and through a module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-console-imports-'));
    try {
      writeFileSync(join(dir, 'page.tsx'), "import { helper } from './helper';\nexport const page = helper;\n");
      writeFileSync(join(dir, 'helper.ts'), "export { consoleMe as helper } from '@cliffhanger/contract/console';\n");
      writeFileSync(
        join(dir, 'typed.ts'),
        "import type { Operator } from '@cliffhanger/contract/console';\nexport type O = Operator;\n",
      );
      writeFileSync(join(dir, 'lazy.ts'), "export const load = () => import('@cliffhanger/contract/console');\n");
      expect(consoleReaches([join(dir, 'page.tsx')])).toEqual([
        `${relative(repo, join(dir, 'helper.ts'))} → @cliffhanger/contract/console`,
      ]);
      expect(consoleReaches([join(dir, 'typed.ts')])).toHaveLength(1);
      expect(consoleReaches([join(dir, 'lazy.ts')])).toHaveLength(1);
      // A relative path into apps/console resolves to its source file.
      expect(resolveRelative(join(repo, 'apps/web/src/main.tsx'), '../../console/src/main')).toBe(
        join(repo, 'apps/console/src/main.tsx'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
