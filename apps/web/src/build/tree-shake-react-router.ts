import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** React Router's built modules, as the app imports them (`react-router`'s `import` export). */
export const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;

/**
 * One rewrite of React Router's build. `statements` finds every top-level statement of its kind,
 * however written; `rewritten` finds those in the exact form the rewrite understands. In every
 * module the two must count the same, so a statement written another way by a new release stops
 * the build instead of staying in the bundle unnoticed.
 */
interface Rewrite {
  what: string;
  statements: RegExp;
  rewritten: RegExp;
  apply: (out: MagicString, match: RegExpExecArray) => void;
}

const COMPONENT_FACTORY = String.raw`React\d*\.(?:forwardRef|createContext|memo)\(`;

const REACT_ROUTER_REWRITES: readonly Rewrite[] = [
  {
    // Their own production build differs from the development one by this constant alone.
    what: 'development-warnings switch',
    statements: /^var ENABLE_DEV_WARNINGS\b/gm,
    rewritten: /^var ENABLE_DEV_WARNINGS = true;$/gm,
    apply: (out, m) => out.overwrite(m.index, m.index + m[0].length, 'var ENABLE_DEV_WARNINGS = false;'),
  },
  {
    what: 'component name written at the top level',
    statements: /^[^\s/*].*\.displayName\b/gm,
    rewritten: /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm,
    apply: (out, m) => out.remove(m.index, m.index + m[0].length),
  },
  {
    what: 'component or context made at the top level',
    statements: new RegExp(String.raw`^[^\s/*].*\b${COMPONENT_FACTORY}`, 'gm'),
    rewritten: new RegExp(String.raw`^var [A-Za-z_$][\w$]* = (?=${COMPONENT_FACTORY})`, 'gm'),
    apply: (out, m) => out.appendLeft(m.index + m[0].length, '/* @__PURE__ */ '),
  },
];

interface RewrittenModule {
  code: string;
  map: ReturnType<MagicString['generateMap']>;
  /** How many statements each rewrite changed, in REACT_ROUTER_REWRITES' order. */
  counts: number[];
}

/** Applies every rewrite to one of React Router's modules; throws if one no longer fits. */
function rewriteReactRouterModule(code: string, id: string): RewrittenModule {
  const out = new MagicString(code);
  const counts = REACT_ROUTER_REWRITES.map((rewrite) => {
    const expected = [...code.matchAll(rewrite.statements)].length;
    const matches = [...code.matchAll(rewrite.rewritten)];
    if (matches.length !== expected) {
      throw new Error(
        `${id}: React Router has ${expected} top-level ${rewrite.what} statements and the build's rewrite ` +
          `matches ${matches.length}; its code changed (apps/web/src/build/tree-shake-react-router.ts)`,
      );
    }
    for (const match of matches) rewrite.apply(out, match);
    return matches.length;
  });
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }), counts };
}

/** Throws unless every rewrite changed something across React Router's modules in one build. */
function checkReactRouterRewrites(totals: readonly number[]): void {
  const missing = REACT_ROUTER_REWRITES.filter((_, index) => !totals[index]).map((rewrite) => rewrite.what);
  if (missing.length > 0) {
    throw new Error(
      `React Router's build had no ${missing.join(', no ')} to rewrite: its files moved or changed ` +
        '(apps/web/src/build/tree-shake-react-router.ts)',
    );
  }
}

/**
 * React Router's build ends every component with `Component.displayName = "…"` and makes them
 * with `React.forwardRef(…)` without a pure annotation, so the bundler must keep every component
 * it ships (NavLink, Form, ScrollRestoration and what they call) whether the app uses it or not:
 * about a fifth of the router's code, all of it sent and never run. The names only serve React's
 * developer tools, and making a component has no side effect, so both are made visible as such.
 * The build fails if a rewrite no longer fits the installed release (docs/architecture.md#fast-paths).
 */
export function treeShakeReactRouter(): Plugin {
  let totals = REACT_ROUTER_REWRITES.map(() => 0);
  return {
    name: 'cliffhanger-tree-shake-react-router',
    apply: 'build',
    buildStart() {
      totals = REACT_ROUTER_REWRITES.map(() => 0);
    },
    transform(code, id) {
      if (!REACT_ROUTER_DIST.test(id)) return null;
      const { counts, ...result } = rewriteReactRouterModule(code, id);
      counts.forEach((count, index) => (totals[index]! += count));
      return result;
    },
    buildEnd(error) {
      // A build that failed already says why; the totals of a partial graph would only add noise.
      if (!error) checkReactRouterRewrites(totals);
    },
  };
}
