import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_DIST, treeShakeReactRouter } from './tree-shake-react-router';

/** The module the app's `import … from 'react-router'` resolves to, and its directory's modules. */
const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
const exports = (JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: { '.': { import: { default: string } } } })
  .exports;
const entry = join(dirname(packageJson), exports['.'].import.default);
const distDir = dirname(entry);
const modules = readdirSync(distDir)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => join(distDir, name));

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** One build's run of the plugin over these modules, hook by hook as the bundler calls them. */
function build(files: { id: string; code: string }[]): { outputs: Map<string, string>; end: () => void } {
  const plugin = treeShakeReactRouter();
  const hook = (name: 'buildStart' | 'transform' | 'buildEnd') => plugin[name] as unknown as Hook;
  hook('buildStart').call({});
  const outputs = new Map<string, string>();
  for (const { id, code } of files) {
    const result = hook('transform').call({}, code, id) as { code: string } | null;
    if (result) outputs.set(id, result.code);
  }
  return { outputs, end: () => hook('buildEnd').call({}) };
}

const installed = () => modules.map((id) => ({ id, code: readFileSync(id, 'utf8') }));
const topLevel = (code: string, pattern: RegExp) =>
  code.split('\n').filter((line) => /^[^\s/*]/.test(line) && pattern.test(line));
const FACTORY = /\bReact\d*\.(?:forwardRef|createContext|memo)\(/;

describe('treeShakeReactRouter', () => {
  it("rewrites the installed React Router's build: no warnings, no component names, pure components", () => {
    expect(REACT_ROUTER_DIST.test(entry)).toBe(true);
    const files = installed();
    const { outputs, end } = build(files);
    expect(end).not.toThrow();
    const before = files.map((file) => file.code).join('\n');
    const after = [...outputs.values()].join('\n');
    expect(outputs.size).toBe(files.length);

    expect(before).toMatch(/^var ENABLE_DEV_WARNINGS = true;$/m);
    expect(after).not.toMatch(/^var ENABLE_DEV_WARNINGS = true;$/m);
    expect(after.match(/^var ENABLE_DEV_WARNINGS = false;$/gm)).toHaveLength(1);

    expect(topLevel(before, /\.displayName\b/).length).toBeGreaterThan(5);
    expect(topLevel(after, /\.displayName\b/)).toEqual([]);

    const made = topLevel(before, FACTORY);
    expect(made.length).toBeGreaterThan(5);
    expect(topLevel(after, FACTORY)).toHaveLength(made.length);
    expect(topLevel(after, FACTORY).every((line) => /^var [\w$]+ = \/\* @__PURE__ \*\/ React\d*\./.test(line))).toBe(
      true,
    );
  });

  it('leaves every other module alone', () => {
    const { outputs } = build([
      { id: '/x/node_modules/react-router/dist/development/index.js', code: 'var ENABLE_DEV_WARNINGS = true;' },
    ]);
    expect(outputs.size).toBe(0);
  });

  const changed = join(distDir, 'chunk-CHANGED.mjs');
  const valid = 'var ENABLE_DEV_WARNINGS = true;\nvar A = React.memo(B);\nA.displayName = "A";\n';

  it.each([
    [
      'the warnings switch written another way',
      'var ENABLE_DEV_WARNINGS = !0;',
      'development-warnings switch statements',
    ],
    [
      'a component name in single quotes',
      "Link.displayName = 'Link';",
      'component name written at the top level statements',
    ],
    [
      'a component made with const',
      'const Link = React.forwardRef(function Link() {});',
      'component or context made at the top level statements',
    ],
  ])('fails the build on %s, which the rewrite would miss', (_name, line, what) => {
    expect(() => build([{ id: changed, code: valid }]).end()).not.toThrow();
    expect(() => build([{ id: changed, code: `${valid}${line}\n` }])).toThrow(
      `${changed}: React Router has 2 top-level ${what} and the build's rewrite matches 1`,
    );
  });

  it.each([
    [
      'the warnings switch',
      (code: string) => code.replace(/^var ENABLE_DEV_WARNINGS = true;$/m, ''),
      'no development-warnings switch to rewrite',
    ],
    [
      'every component name',
      (code: string) => code.replace(/^[\w$]+\.displayName = .*$/gm, ''),
      'no component name written at the top level to rewrite',
    ],
  ])('fails the build when %s is gone from the installed build', (_name, change, message) => {
    const { end } = build(installed().map((file) => ({ ...file, code: change(file.code) })));
    expect(end).toThrow(message);
  });

  it('fails the build when no React Router module was rewritten at all (its files moved)', () => {
    const { end } = build(
      installed().filter((file) => !/^var ENABLE_DEV_WARNINGS/m.test(file.code) && !FACTORY.test(file.code)),
    );
    expect(end).toThrow(/no development-warnings switch, no component name .*, no component or context made/);
  });
});
