import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { useSharedServer } from './browser.js';

/**
 * Runs before every spec file: leases one of the shared servers for the file's whole run, so two
 * files running at once never share one (a lease is a directory: mkdir fails if it is taken).
 */
const leaseDir = inject('serverLeaseDir');
const urls = inject('sharedServers');
const LEASE_WAIT_MS = 60_000;

async function lease(): Promise<{ url: string; release: () => void }> {
  const deadline = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    for (const [index, url] of urls.entries()) {
      const held = path.join(leaseDir, String(index));
      try {
        mkdirSync(held);
        return { url, release: () => rmSync(held, { recursive: true, force: true }) };
      } catch {
        // taken by the file running beside this one
      }
    }
    if (Date.now() > deadline) throw new Error(`no shared e2e server free within ${LEASE_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const held = await lease();
useSharedServer(held.url);
afterAll(() => held.release());
