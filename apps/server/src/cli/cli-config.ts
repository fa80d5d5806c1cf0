import { ConfigError, loadConfig, MEMORY_DATA_DIR, type ServerConfig } from '../config.js';

/** Says what went wrong on stderr and exits with `code` (2: usage or setup, 1: the command failed). */
export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * The server's own validated configuration, for a command run beside it: an invalid environment
 * is reported as the server would report it, and an in-memory database is refused because
 * whatever the command wrote would vanish when it ends.
 */
export function configForCli(): Readonly<ServerConfig> {
  let config: Readonly<ServerConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  if (config.dataDir === MEMORY_DATA_DIR && !config.databaseUrl) {
    fail('DATA_DIR=memory:// would work on a database that vanishes when this command ends.', 2);
  }
  return config;
}
