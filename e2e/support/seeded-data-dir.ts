import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory, migrated and holding the demo catalogue (global-setup.ts). */
    seededDataDir: string;
  }
}

/**
 * The seeded data directory in an e2e spec file; none where nothing seeded one: the global set-up
 * itself (Vitest's main process) and `npm run bench`. Only test workers have a pool id.
 */
export function seededDataDir(): string | undefined {
  if (!process.env.VITEST_POOL_ID) return undefined;
  return inject('seededDataDir');
}
