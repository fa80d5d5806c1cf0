import { resolve } from 'node:path';
import { formatSummary } from '../catalog-import/format-summary.js';
import { CatalogImportError, formatProblem } from '../catalog-import/import-problem.js';
import { loadManifest } from '../catalog-import/load-manifest.js';
import { fail, runMain } from '../config.js';
import { configForCli, withCliDatabase } from './cli-config.js';
import { cliEdgePurges } from './cli-edge-purges.js';
import { importAndAnnounce } from '../jobs/catalog-import.job.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { JOB } from '../services/jobs.js';
import { AppError } from '../http/envelope.js';
import { systemClock } from '../lib/clock.js';
import { createPushServices } from '../services/push/push-services.js';
import { ProductAdminService } from '../services/payments/product-admin.service.js';
import { flagOfField, formatProducts, parseProductFlags, ProductFlagsError } from './product-flags.js';

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
  '                                         [--active true|false] [--sort N] [--reason TEXT]',
  '       npm run catalog -- products delete <id> [--reason TEXT]   (only a product nobody ordered)',
].join('\n');

/** What the service refused, as the command line says it: the message, then each field by its flag. */
function refusal(error: unknown): string | undefined {
  if (error instanceof ProductFlagsError) return error.message;
  if (!(error instanceof AppError) || error.status >= 500) return undefined;
  const data = error.data as { fields?: { field: string; message: string }[] } | null;
  const fields = data?.fields ?? [];
  if (fields.length === 0) return error.message;
  return fields.map((f) => `${flagOfField(f.field)}: ${f.message}`).join('\n');
}

/**
 * `products list | set | delete`: what is for sale, changed in the database the server reads,
 * through the console's own service (same checks, same audit log, with no operator).
 */
async function runProducts(args: readonly string[]): Promise<void> {
  const [sub, id, ...flagArgs] = args;
  if (sub !== 'list' && sub !== 'set' && sub !== 'delete') fail(USAGE, 2);
  if (sub !== 'list' && id === undefined) fail(USAGE, 2);
  await withCliDatabase(async (database) => {
    const admin = new ProductAdminService({ db: database.db, clock: systemClock });
    if (sub !== 'list' && id !== undefined) {
      try {
        const { changes, reason } = parseProductFlags(flagArgs);
        const actor = { operatorId: null, reason };
        if (sub === 'set') await admin.set(id, changes, actor);
        else if (Object.keys(changes).length > 0) throw new ProductFlagsError('delete takes only --reason');
        else await admin.remove(id, actor);
      } catch (error) {
        const message = refusal(error);
        if (message === undefined) throw error;
        process.stderr.write(`Nothing was changed: ${message}\n`);
        process.exitCode = 1;
        return;
      }
    }
    process.stdout.write(formatProducts(await admin.list()));
  });
}

/** npm runs scripts from the package folder; INIT_CWD is where the user typed the command. */
function manifestPath(arg: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}

async function runImport(manifestArg: string): Promise<void> {
  const manifest = manifestPath(manifestArg);
  try {
    const summary = await withCliDatabase(async (database, config) => {
      // The deliveries are written here; a running server or worker sends them within a minute.
      const push = createPushServices({ db: database.db, clock: systemClock, config }).dispatch;
      const purges = await cliEdgePurges(config);
      try {
        return await importAndAnnounce(manifest, {
          config,
          db: database.db,
          warn: (message) => process.stderr.write(`warning: ${message}\n`),
          push,
          edgePurges: purges.edgePurges,
        });
      } finally {
        await purges.close();
        await push.close();
      }
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
