import { createRequire } from 'node:module';

/**
 * The TypeScript version the project is built with (the app configuration's "compiler version",
 * docs/product.md#entities-and-fields). TypeScript is a dev dependency, so a production install may not have
 * it: then the answer is 'unknown'.
 */
export function readCompilerVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('typescript/package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
