import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Value imports (and re-exports) of one module; `import type` and `export type` are erased. */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of code.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)) {
    const [, typeOnly, clause = '', specifier = ''] = match;
    if (typeOnly) continue;
    // `import { type A, type B }` imports nothing at run time either.
    const names = clause.replace(/[{}]/g, '').split(',').map((name) => name.trim()).filter(Boolean);
    if (clause.startsWith('{') && names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    specifiers.push(specifier);
  }
  for (const match of code.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(match[1] ?? '');
  return specifiers;
}

/** Every module the browser entry loads at run time, and every bare package among them. */
function runtimeGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the browser entry', () => {
  const graph = runtimeGraph(join(here, 'browser.ts'));

  it('loads no package at run time (no zod in the web bundle)', () => {
    expect([...graph.packages]).toEqual([]);
  });

  it('reaches none of the schema modules', () => {
    const schemaModules = [...graph.files].filter((file) => /[\\/]endpoints[\\/]|envelope\.ts|pagination\.ts|text\.ts/.test(file));
    expect(schemaModules).toEqual([]);
  });

  it('is what the test reads: a module that imports zod is caught', () => {
    expect(runtimeGraph(join(here, 'endpoints', 'catalog.ts')).packages).toContain('zod');
  });
});
