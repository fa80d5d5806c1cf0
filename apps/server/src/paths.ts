import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Locations derived from this file, never from the working directory, so `npm start` behaves
 * the same from the repository root, from apps/server, or from a test runner.
 */
const fromHere = (relative: string) => resolve(fileURLToPath(new URL(relative, import.meta.url)));

export const serverRoot = fromHere('../');
export const repoRoot = fromHere('../../../');
export const migrationsFolder = fromHere('../drizzle');
