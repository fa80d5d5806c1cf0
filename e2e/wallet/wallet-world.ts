import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/test/fakes/fake-twilio.js';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.js';

const run = promisify(execFile);

/**
 * The coins suite needs PostgreSQL: the wallet CLI (credit, grant-vip) must write to the database
 * the running server reads, and PGlite cannot be opened by two processes.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface WalletWorld {
  server: RunningServer;
  twilio: FakeTwilio;
  /** `npm run wallet -- <args>` against the server's database; resolves with its output. */
  walletCli(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A server of its own on a fresh PostgreSQL database (dropped by `stop`), with the fake Twilio as
 * the SMS sink so the suite can sign in, and the real wallet CLI to give coins and VIP.
 */
export async function startWalletWorld(adminUrl: string): Promise<WalletWorld> {
  const name = `ch_e2e_wallet_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-wallet-'));
  const twilio = await startFakeTwilio({ accountSid: 'AC00000000000000000000000000000e2e', authToken: 'e2e-token' });
  const env = { DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

  const drop = async () => {
    await withAdmin(adminUrl, async (client) => {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };

  let server: RunningServer;
  try {
    server = await startServer({
      env: {
        ...env,
        SMS_PROVIDER: 'twilio',
        TWILIO_API_BASE: twilio.url,
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000e2e',
        TWILIO_AUTH_TOKEN: 'e2e-token',
        TWILIO_FROM: '+15005550006',
      },
    });
  } catch (error) {
    await twilio.close();
    await drop();
    throw error;
  }

  return {
    server,
    twilio,
    async walletCli(...args: string[]) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/wallet.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...env, REDIS_URL: '' },
      });
      return stdout;
    },
    async stop() {
      await server.stop();
      await twilio.close();
      await drop();
    },
  };
}
