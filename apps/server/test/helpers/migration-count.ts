import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/paths.js';

/** How many migrations the journal lists: what a fully migrated database has applied. */
export function journalMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
