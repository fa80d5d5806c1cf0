import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { E2E_WORKERS } from './e2e/support/workers.js';

/**
 * One runner for every tier (docs/decisions.md#foundation):
 * - contract: unit tests of the shared catalogue and API client;
 * - server-pglite / server-pg: the same server suite on embedded PGlite and on real PostgreSQL
 *   (TEST_DATABASE_URL), each test file on a fresh database;
 * - web: component and unit tests in jsdom;
 * - console: the operators' console app's component and unit tests in jsdom;
 * - mobile: the iOS shell's committed project matches what Capacitor generates;
 * - e2e: Debian Chromium (playwright-core) against a real server process.
 */
/**
 * The rolling restart measures how nginx and two API processes behave under the test's own load,
 * at production's pace; beside the rest of the suite (a 2-core machine running three test files,
 * their server children and then Chromium) its processes are starved for CPU in a way no
 * production host is, and nginx has logged connection resets no quiet run shows. It runs alone,
 * after everything else (server-pg-alone).
 */
const RUN_ALONE = ['test/cluster/rolling-restart.pg.test.ts'];

const serverSuite = (name: string, driver: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    // server-pglite runs every server test file but `*.pg.test.ts`: races that only real
    // PostgreSQL can run (PGlite serialises everything, so there they would prove nothing).
    // server-pg runs the files whose outcome depends on the database: `*.db.test.ts` (both
    // drivers) and `*.pg.test.ts`; the rest (units, fakes, media) would only run twice.
    // test/architecture/database-test-names.test.ts fails on a file named against its imports.
    include:
      driver === 'pglite'
        ? ['src/**/*.test.ts', 'test/**/*.test.ts']
        : ['src/**/*.{db,pg}.test.ts', 'test/**/*.{db,pg}.test.ts'],
    exclude: driver === 'pglite' ? ['**/node_modules/**', '**/*.pg.test.ts'] : ['**/node_modules/**', ...RUN_ALONE],
    environment: 'node',
    // The test files of a worker share one module graph: the app (Fastify, drizzle, the services) is
    // imported once per worker instead of once per file, which cut the console tests' import time
    // 3.5-fold (330 → 95 s). Sound because server code keeps no per-test state in modules (each test
    // builds its own app and database); test/architecture/shared-module-graph.test.ts fails on a test
    // file that mocks a module or changes the environment for the files after it.
    isolate: false,
    env: { TEST_DB_DRIVER: driver },
    // Migrates once for the run (global-setup-database.ts). Multi-process tests on PostgreSQL run
    // `npm run build`'s server, compiled once for the suite.
    globalSetup: ['test/global-setup-database.ts', ...(driver === 'pg' ? ['test/global-setup-compiled.ts'] : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const inCi = process.env.CI === 'true';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Suites whose tool is missing: outside CI they are left out with a one-line reason; in CI they
 * stay in and fail loudly at setup (a skipped suite must fail the run).
 */
function guarded(project: TestProjectInlineConfiguration, available: boolean, reason: string) {
  if (available || inCi) return [project];
  const name = typeof project.test?.name === 'string' ? project.test.name : 'suite';
  console.warn(`[skip] ${name}: ${reason}`);
  return [];
}

export default defineConfig({
  test: {
    // Most test files wait on something outside their process (PostgreSQL, a server child,
    // ffmpeg), so a third worker keeps two cores busy; Vitest's default is cores − 1.
    maxWorkers: 3,
    reporters: ['default', './scripts/no-skips-reporter.ts', './scripts/project-times-reporter.ts'],
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverSuite('server-pglite', 'pglite'),
      ...guarded(
        serverSuite('server-pg', 'pg'),
        Boolean(process.env.TEST_DATABASE_URL),
        'TEST_DATABASE_URL is not set',
      ),
      ...guarded(
        {
          test: {
            ...serverSuite('server-pg-alone', 'pg').test,
            include: RUN_ALONE,
            exclude: ['**/node_modules/**'],
            // A group of its own after the e2e group, one file at a time.
            sequence: { groupOrder: 2 },
            maxWorkers: 1,
          },
        },
        Boolean(process.env.TEST_DATABASE_URL),
        'TEST_DATABASE_URL is not set',
      ),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A test walks a whole page (sign-in, enrolment) through the app's router and lazy chunks.
          testTimeout: 15_000,
        },
      },
      {
        // The iOS shell's committed native project against what `cap sync ios` writes.
        test: { name: 'mobile', root: 'apps/mobile', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      ...guarded(
        {
          test: {
            name: 'e2e',
            root: 'e2e',
            include: ['**/*.spec.ts'],
            environment: 'node',
            globalSetup: ['./support/global-setup.ts'],
            setupFiles: ['./support/server-lease.ts'],
            // After the other projects (a group of its own), E2E_WORKERS spec files at a time: each
            // world has its own server, port and data directory.
            sequence: { groupOrder: 1 },
            maxWorkers: E2E_WORKERS,
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
        existsSync(chromiumPath),
        `no Chromium at ${chromiumPath} (apt-get install chromium)`,
      ),
    ],
  },
});
