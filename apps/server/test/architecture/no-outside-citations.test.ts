import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';

/**
 * Code comments cite the repository's own documents (docs/product.md, docs/architecture.md and
 * the topic documents, by heading anchor), never the product spec, design notes or style guide
 * that lived outside it: a new engineer cannot open those. This fails naming every file and line
 * that still cites one by section ("spec", "DESIGN" or "STYLE" followed by a section number).
 */
const OUTSIDE_CITATION = /\b(?:spec|design)\W{0,3}\u00a7|\bSTYLE\s+\d/i;

/** Source and configuration text; the MPEG-TS demo segments share `.ts` and are skipped as binary. */
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
const IN_SCOPE = /^(?:apps|packages|e2e|scripts)\//;
const ROOT_CONFIG = /^[^/]+\.(?:ts|mts|js|mjs|cjs)$/;

function trackedSourceFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
  return listing
    .split('\0')
    .filter((file) => SOURCE.test(file) && (IN_SCOPE.test(file) || ROOT_CONFIG.test(file)))
    .filter((file) => !file.includes('/node_modules/') && !file.includes('/dist/'));
}

function outsideCitations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(repoRoot, file), 'utf8');
    } catch {
      continue; // tracked but deleted in this working tree
    }
    if (text.includes('\0')) continue;
    text.split('\n').forEach((line, index) => {
      if (OUTSIDE_CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('citations', () => {
  it('finds the tracked source files to read', () => {
    const files = trackedSourceFiles();
    expect(files).toContain('apps/server/src/app.ts');
    expect(files).toContain('vitest.config.ts');
    expect(files).toContain('eslint.config.mjs');
    expect(files.length).toBeGreaterThan(500);
  });

  it('recognises a citation of an outside document', () => {
    const citations = ['(spec \u00a74)', 'Spec \u00a72/\u00a75:', 'DESIGN \u00a76', 'the spec (\u00a71, \u00a72)', 'STYLE\u00207'];
    for (const text of citations) expect(OUTSIDE_CITATION.test(text), text).toBe(true);
    const fine = ['RFC 9110 \u00a715.5.17', 'NOTE/STYLE/REGION blocks', 'docs/product.md#states-and-transitions'];
    for (const text of fine) expect(OUTSIDE_CITATION.test(text), text).toBe(false);
  });

  it('cites no document outside the repository', () => {
    expect(outsideCitations(trackedSourceFiles())).toEqual([]);
  });
});
