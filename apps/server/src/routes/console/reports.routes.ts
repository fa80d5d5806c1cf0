import {
  consoleCoinsCsv,
  consoleCoinsReport,
  consoleDramaCsv,
  consoleDramaReport,
  consoleDramasCsv,
  consoleDramasReport,
  consoleRevenueCsv,
  consoleRevenueReport,
  consoleViewersCsv,
  consoleViewersReport,
} from '@cliffhanger/contract/console';
import { ok } from '../../http/envelope.js';
import { registerConsoleEndpoint } from '../../http/register-console-endpoint.js';
import type { AppInstance } from '../../app-instance.js';
import { coinsCsv, dramaCsv, dramasCsv, revenueCsv, viewersCsv } from '../../services/console/reports/report-csv.js';

/** The Numbers dashboards and each of their tables as CSV (docs/console.md#numbers). */
export function reportsRoutes(app: AppInstance): void {
  const { reports } = app.services.console;
  const range = (query: { from?: string | undefined; to?: string | undefined }) => ({ from: query.from, to: query.to });

  registerConsoleEndpoint(app, consoleRevenueReport, async (req) => ok(await reports.revenue(req.query)));
  registerConsoleEndpoint(app, consoleRevenueCsv, async (req) =>
    ok(revenueCsv(await reports.revenue(range(req.query)), req.query.table)),
  );

  registerConsoleEndpoint(app, consoleViewersReport, async (req) => ok(await reports.viewers(req.query)));
  registerConsoleEndpoint(app, consoleViewersCsv, async (req) =>
    ok(viewersCsv(await reports.viewers(range(req.query)), req.query.table)),
  );

  registerConsoleEndpoint(app, consoleCoinsReport, async (req) => ok(await reports.coins(req.query)));
  registerConsoleEndpoint(app, consoleCoinsCsv, async (req) =>
    ok(coinsCsv(await reports.coins(range(req.query)), req.query.table)),
  );

  registerConsoleEndpoint(app, consoleDramasReport, async (req) => ok(await reports.dramas(req.query)));
  registerConsoleEndpoint(app, consoleDramasCsv, async (req) => ok(dramasCsv(await reports.dramas(req.query))));

  registerConsoleEndpoint(app, consoleDramaReport, async (req) => ok(await reports.drama(req.params.id, req.query)));
  registerConsoleEndpoint(app, consoleDramaCsv, async (req) =>
    ok(dramaCsv(await reports.drama(req.params.id, req.query))),
  );
}
