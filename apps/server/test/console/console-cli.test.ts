import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.js';
import { systemClock } from '../../src/lib/clock.js';
import { OperatorAccountsService } from '../../src/services/console/operator-accounts.service.js';
import { runCli } from '../helpers/cli.js';

/** `npm run console -- …` without npm: the same entry point, run by tsx. */
const consoleCli = (args: string[], env: Record<string, string>) => runCli('console', args, env);

describe('npm run console', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cliffhanger-console-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints its usage and exits 2 on a wrong command or role, before opening the database', async () => {
    const env = { DATA_DIR: join(dir, 'unused') };
    for (const args of [
      [],
      ['create-operator', 'a@example.com'],
      ['create-operator', 'a@example.com', '--role', 'root'],
    ]) {
      const exit = await consoleCli(args, env);
      expect(exit.code).toBe(2);
      expect(exit.stderr).toContain(
        'Usage: npm run console -- create-operator <email> --role admin|editor|support|finance',
      );
    }
  });

  it('creates an operator and prints a working one-time enrolment link; the same e-mail again exits 1', async () => {
    const env = { DATA_DIR: join(dir, 'data'), PUBLIC_BASE_URL: 'https://ops.example.com' };
    const ok = await consoleCli(['create-operator', 'First@Example.com', '--role', 'admin'], env);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const token = /https:\/\/ops\.example\.com\/console\/enrol\?token=([\w-]+)\n/.exec(ok.stdout)?.[1];
    expect(token).toBeDefined();

    const again = await consoleCli(['create-operator', 'first@example.com', '--role', 'support'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Refused (80001)');

    // The printed token opens the enrolment of the operator the command created.
    const database = await createDatabase({ databaseUrl: undefined, dataDir: join(dir, 'data') });
    try {
      const accounts = new OperatorAccountsService({ db: database.db, clock: systemClock });
      const { uri } = await accounts.startEnrolment(token ?? '');
      expect(uri).toContain('first%40example.com');
    } finally {
      await database.close();
    }
  }, 60_000);
});
