import { fail, loadConfigOrExit, MEMORY_DATA_DIR, type ServerConfig } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import type { Database } from '../db/database.js';

/**
 * The server's own validated configuration, for a command run beside it: an invalid environment
 * is reported as the server would report it, and an in-memory database is refused because
 * whatever the command wrote would vanish when it ends.
 */
export function configForCli(): Readonly<ServerConfig> {
  const config = loadConfigOrExit(2);
  if (config.dataDir === MEMORY_DATA_DIR && !config.databaseUrl) {
    fail('DATA_DIR=memory:// would work on a database that vanishes when this command ends.', 2);
  }
  return config;
}

/** Runs `work` on the configured database, migrated first, and closes the database after. */
export async function withCliDatabase<T>(
  work: (database: Database, config: Readonly<ServerConfig>) => Promise<T> | T,
): Promise<T> {
  const config = configForCli();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    return await work(database, config);
  } finally {
    await database.close();
  }
}
