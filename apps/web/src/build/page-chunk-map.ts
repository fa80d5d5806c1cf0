import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSync, type ESTree, type Plugin, type Rolldown } from 'vite';

/** The route table loads the server-drawn pages through this module's imports. */
export const PAGE_IMPORTS_MODULE = resolve(import.meta.dirname, '../app/server-drawn-pages.ts');
/**
 * Where the build writes `{ <page>: <its chunk's file> }` for the server to read
 * (apps/server/src/plugins/page-chunks.ts). Beside Vite's manifest: the static server sends no
 * dotted folder.
 */
export const PAGE_MAP_FILE = '.vite/pages.json';

/** Type-only wrappers (`satisfies`, `as`) and parentheses around an expression. */
function unwrapped(node: ESTree.Expression): ESTree.Expression {
  let current = node;
  while (
    current.type === 'TSSatisfiesExpression' ||
    current.type === 'TSAsExpression' ||
    current.type === 'ParenthesizedExpression'
  ) {
    current = current.expression;
  }
  return current;
}

/** The one exported object of the module: `export const X = { … }`. */
function exportedObject(file: string, program: ESTree.Program): ESTree.ObjectExpression {
  const objects = program.body.flatMap((statement) => {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') return [];
    return statement.declaration.declarations.flatMap((declarator) => {
      const init = declarator.init ? unwrapped(declarator.init) : null;
      return init?.type === 'ObjectExpression' ? [init] : [];
    });
  });
  if (objects.length !== 1)
    throw new Error(`${file}: expected one exported object of page imports, found ${objects.length}`);
  return objects[0]!;
}

/**
 * Each page's name and the module its `import()` names, read from the module's source: every
 * entry must be `name: () => import('<module>')`, so nothing else can stand between a name and its
 * chunk.
 */
export function pageImportsIn(file: string, code: string): Map<string, string> {
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  const pages = new Map<string, string>();
  for (const entry of exportedObject(file, program).properties) {
    const name =
      entry.type === 'Property' && !entry.computed && entry.key.type === 'Identifier' ? entry.key.name : undefined;
    const arrow = entry.type === 'Property' ? unwrapped(entry.value) : undefined;
    const body =
      arrow?.type === 'ArrowFunctionExpression' && arrow.expression
        ? unwrapped(arrow.body as ESTree.Expression)
        : undefined;
    const source = body?.type === 'ImportExpression' ? body.source : undefined;
    if (name === undefined || source?.type !== 'Literal' || typeof source.value !== 'string') {
      throw new Error(`${file}: every page must be written \`name: () => import('<module>')\``);
    }
    pages.set(name, source.value);
  }
  if (pages.size === 0) throw new Error(`${file}: names no page`);
  return pages;
}

/**
 * `{ <page>: <file> }` for the bundle: the chunk each page's module starts. A page whose module
 * starts no chunk (a group took it, or nothing imports it) fails the build, because the server
 * could not preload it.
 */
function pageChunkMap(pages: ReadonlyMap<string, string>, bundle: Rolldown.OutputBundle): Record<string, string> {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  return Object.fromEntries(
    [...pages].map(([name, id]) => {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
      if (!chunk) throw new Error(`page "${name}" (${id}) starts no chunk of its own in this build`);
      return [name, chunk.fileName];
    }),
  );
}

/**
 * Writes which chunk each server-drawn page became (PAGE_MAP_FILE), from the imports the route
 * table loads them with (src/app/server-drawn-pages.ts), so the server never names a source file.
 * The build fails when that module is not loaded by the app, when an entry is not a bare
 * `import()`, or when a page's module starts no chunk.
 */
export function serverDrawnPageChunks(pagesModule = PAGE_IMPORTS_MODULE): Plugin {
  const pages = new Map<string, string>();
  return {
    name: 'cliffhanger-page-chunk-map',
    apply: 'build',
    async buildStart() {
      pages.clear();
      for (const [name, specifier] of pageImportsIn(pagesModule, readFileSync(pagesModule, 'utf8'))) {
        const resolved = await this.resolve(specifier, pagesModule);
        if (!resolved) this.error(`${pagesModule}: page "${name}" imports "${specifier}", which does not resolve`);
        pages.set(name, resolved.id);
      }
    },
    generateBundle(_options, bundle) {
      if (!this.getModuleInfo(pagesModule)) {
        this.error(`${pagesModule} is not in the build: the route table must load the server-drawn pages through it`);
      }
      const map = pageChunkMap(pages, bundle);
      this.emitFile({ type: 'asset', fileName: PAGE_MAP_FILE, source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}
