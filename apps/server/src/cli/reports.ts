import { fail, runMain } from '../config.js';
import { systemClock } from '../lib/clock.js';
import { ReportRollupService } from '../services/console/reports/report-rollup.service.js';
import { withCliDatabase } from './cli-config.js';

/**
 * `npm run reports -- refresh` against the configured database (same environment as the server;
 * docs/console.md#numbers): refreshes the play rollups behind the console's Numbers now, as the
 * `reports-refresh` job does every five minutes; the first run, or one after REWARDS_TIME_ZONE
 * changed, rebuilds them from every play. Prints what it did. Exit codes: 0 done, 2 usage or setup error.
 */
const USAGE = 'Usage: npm run reports -- refresh';

async function main(argv: readonly string[]): Promise<void> {
  if (argv.length !== 1 || argv[0] !== 'refresh') fail(USAGE, 2);
  await withCliDatabase(async (database, config) => {
    const rollups = new ReportRollupService({ db: database.db, clock: systemClock, timeZone: config.rewards.timeZone });
    const done = await rollups.refresh();
    process.stdout.write(
      `Refreshed the report rollups (${done.rebuilt ? 'rebuilt from every play' : `from ${done.from_day}`}): ${done.plays} plays read in ${done.duration_ms} ms\n`,
    );
  });
}

runMain(() => main(process.argv.slice(2)), 'reports failed: ', 2);
