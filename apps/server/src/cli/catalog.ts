import { resolve } from 'node:path';
import { formatSummary } from '../catalog-import/format-summary.js';
import { importCatalog } from '../catalog-import/import-catalog.js';
import { CatalogImportError, formatProblem } from '../catalog-import/import-problem.js';
import { createFfmpegTools } from '../catalog-import/media-tools.js';
import { ConfigError, loadConfig, MEMORY_DATA_DIR } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import { createMediaStorage } from '../services/media/create-media-storage.js';

/**
 * `npm run catalog -- import <manifest.json>`: imports dramas into the configured database and
 * media storage (same environment as the server; see docs/media.md). Does not start the server.
 * Exit codes: 0 imported, 1 the manifest has problems (nothing was changed), 2 usage or setup error.
 */

const USAGE = 'Usage: npm run catalog -- import <manifest.json>';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function runImport(manifestArg: string): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  if (config.dataDir === MEMORY_DATA_DIR && !config.databaseUrl) {
    fail('DATA_DIR=memory:// would import into a database that vanishes when this command ends.', 2);
  }
  // npm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const manifest = resolve(process.env.INIT_CWD ?? process.cwd(), manifestArg);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const summary = await importCatalog(manifest, {
      db: database.db,
      media: createMediaStorage(config),
      tools: createFfmpegTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
      warn: (message) => process.stderr.write(`warning: ${message}\n`),
    });
    process.stdout.write(formatSummary(summary));
  } catch (error) {
    if (error instanceof CatalogImportError) {
      process.stderr.write(
        `Nothing was imported; fix these and run again:\n${error.problems.map((p) => `  - ${formatProblem(p)}\n`).join('')}`,
      );
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await database.close();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, manifest, ...rest] = argv;
  if (command !== 'import' || manifest === undefined || rest.length > 0) fail(USAGE, 2);
  await runImport(manifest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(`Import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 2);
});
