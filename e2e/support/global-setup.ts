import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureConsoleBuild, ensureWebBuild } from '@cliffhanger/test-kit/test-builds';
import { startServer, type RunningServer } from './server-process.js';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per e2e worker; a spec file leases one for its run (server-lease.ts). */
    sharedServers: string[];
    /** Where the leases are taken. */
    serverLeaseDir: string;
  }
}

const servers: RunningServer[] = [];
const scratch: string[] = [];

const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/**
 * Builds the web app and the console as `npm start` serves them; seeds one embedded data
 * directory (migrated, demo catalogue imported) that every world copies; starts one shared server
 * per worker on a copy.
 */
export async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    ensureWebBuild();
    ensureConsoleBuild();
  }

  const seeded = tempDir('cliffhanger-e2e-seed-');
  const seeding = await startServer({ env: { DATA_DIR: seeded } });
  await seeding.stop();
  // Each world generates its own signing secret.
  rmSync(path.join(seeded, 'secret.key'), { force: true });
  project.provide('seededDataDir', seeded);

  const started = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => {
      const dataDir = tempDir('cliffhanger-e2e-shared-');
      cpSync(seeded, dataDir, { recursive: true });
      return startServer({ env: { DATA_DIR: dataDir } });
    }),
  );
  servers.push(...started);
  project.provide(
    'sharedServers',
    started.map((server) => server.url),
  );
  project.provide('serverLeaseDir', tempDir('cliffhanger-e2e-leases-'));
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}
