import { resolve } from 'node:path';
import { formatSummary } from '../catalog-import/format-summary.js';
import { CatalogImportError, formatProblem } from '../catalog-import/import-problem.js';
import { loadManifest } from '../catalog-import/load-manifest.js';
import { fail, runMain } from '../config.js';
import { configForCli, withCliDatabase } from './cli-config.js';
import { importAndAnnounce } from '../jobs/catalog-import.job.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { JOB } from '../services/jobs.js';
import { ProductsRepository } from '../repositories/products.repository.js';
import { formatProducts, parseFlags, ProductChangeError, setProduct } from '../services/payments/product-admin.js';

/**
 * `npm run catalog -- import <manifest.json>`: imports dramas into the configured database and
 * media storage (same environment as the server; see docs/media.md). Does not start the server.
 * Exit codes: 0 imported, 1 the manifest has problems (nothing was changed), 2 usage or setup error.
 */

const USAGE = [
  'Usage: npm run catalog -- import <manifest.json>',
  '       npm run catalog -- enqueue <manifest.json>     (PostgreSQL: the worker imports it)',
  '       npm run catalog -- products list',
  '       npm run catalog -- products set <id> [--kind vip|coins] [--period week|month|quarter|year] [--coins N] [--bonus N]',
  '                                         [--price-cents N] [--stripe-price price_…|none] [--apple-product ID|none]',
  '                                         [--active true|false] [--sort N]',
].join('\n');

/** `products list | set`: what is for sale, changed in the database the server reads. */
async function runProducts(args: readonly string[]): Promise<void> {
  const [sub, id, ...flagArgs] = args;
  if (sub !== 'list' && sub !== 'set') fail(USAGE, 2);
  if (sub === 'set' && id === undefined) fail(USAGE, 2);
  await withCliDatabase(async (database) => {
    const products = new ProductsRepository(database.db);
    if (sub === 'set' && id !== undefined) {
      try {
        await setProduct(products, id, parseFlags(flagArgs));
      } catch (error) {
        if (error instanceof ProductChangeError) {
          process.stderr.write(`Nothing was changed: ${error.message}\n`);
          process.exitCode = 1;
          return;
        }
        throw error;
      }
    }
    process.stdout.write(formatProducts(await products.listAll()));
  });
}

/** npm runs scripts from the package folder; INIT_CWD is where the user typed the command. */
function manifestPath(arg: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}

async function runImport(manifestArg: string): Promise<void> {
  const manifest = manifestPath(manifestArg);
  try {
    const summary = await withCliDatabase((database, config) =>
      importAndAnnounce(manifest, {
        config,
        db: database.db,
        warn: (message) => process.stderr.write(`warning: ${message}\n`),
      }),
    );
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
  }
}

/** Hands the import to the worker (`npm run worker`), which transcodes while the API serves. */
async function runEnqueue(manifestArg: string): Promise<void> {
  const config = configForCli();
  if (!config.databaseUrl) fail('enqueue needs DATABASE_URL: the embedded mode imports at once (`import`).', 2);
  // Only `npm run worker` takes queued jobs: with each server running its own, nothing would.
  if (config.jobRunner !== 'worker') {
    fail(
      'enqueue hands the import to `npm run worker` (JOB_RUNNER=worker); with JOB_RUNNER=in-process use `import`.',
      2,
    );
  }
  const manifest = manifestPath(manifestArg);
  // A manifest that cannot be read or is malformed is said now, not in the worker's log later.
  try {
    await loadManifest(manifest);
  } catch (error) {
    if (!(error instanceof CatalogImportError)) throw error;
    fail(
      `Nothing was queued; fix these and run again:\n${error.problems.map((p) => `  - ${formatProblem(p)}`).join('\n')}`,
      1,
    );
  }
  const id = await enqueueJob(config.databaseUrl, JOB.catalogImport, { manifest });
  process.stdout.write(`Queued the import as job ${id}; \`npm run worker\` runs it.\n`);
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'products') return runProducts(args);
  const [manifest, ...rest] = args;
  if ((command !== 'import' && command !== 'enqueue') || manifest === undefined || rest.length > 0) fail(USAGE, 2);
  await (command === 'import' ? runImport(manifest) : runEnqueue(manifest));
}

runMain(() => main(process.argv.slice(2)), 'Failed: ', 2);
