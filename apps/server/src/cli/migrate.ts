import { fail } from '../config.js';
import { withCliDatabase } from './cli-config.js';

/**
 * `npm run migrate`: applies pending migrations to the configured database and exits, as a
 * deploy step before new API processes start. The server also migrates at boot (safe to run
 * concurrently), so a single machine needs no separate step.
 *
 * Exit codes: 0 done, 1 a migration failed, 2 setup error.
 */
async function main(): Promise<void> {
  await withCliDatabase((_database, config) => {
    process.stdout.write(
      `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`}).\n`,
    );
  });
}

main().catch((error: unknown) =>
  fail(`Migration failed: ${error instanceof Error ? error.message : String(error)}`, 1),
);
