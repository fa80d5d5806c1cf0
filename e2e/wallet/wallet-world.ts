import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.js';
import { createDatabase } from '@cliffhanger/test-kit/pg-admin';

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

/**
 * A server of its own on a fresh PostgreSQL database (dropped by `stop`), with the fake Twilio as
 * the SMS sink so the suite can sign in, and the real wallet CLI to give coins and VIP.
 */
export async function startWalletWorld(adminUrl: string): Promise<WalletWorld> {
  const database = await createDatabase(adminUrl, 'ch_e2e_wallet');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-wallet-'));
  const twilio = await startFakeTwilio({ accountSid: 'AC00000000000000000000000000000e2e', authToken: 'e2e-token' });
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

  const drop = async () => {
    await database.drop();
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
