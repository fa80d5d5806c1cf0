import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { startFakeOAuthProviders, type FakeOAuthProviders } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import { freePort, startServer, type RunningServer } from './server-process.js';

export interface AccountsWorld {
  server: RunningServer;
  twilio: FakeTwilio;
  oauth: FakeOAuthProviders;
  /**
   * Stops the server and starts it again on the same port and data, with `env` on top: e.g.
   * `{ CLOCK_OFFSET_S: '86400' }` to make it tomorrow for day-based rules. `server` is replaced.
   */
  restart(env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A server of its own for the accounts suite, wired to the fake Twilio (the test SMS sink: the
 * real Twilio provider code sends to it) and the fake Google/Facebook/TikTok providers.
 */
export async function startAccountsWorld(extraEnv: Record<string, string> = {}): Promise<AccountsWorld> {
  const port = await freePort();
  const publicBaseUrl = `http://127.0.0.1:${port}`;
  const twilio = await startFakeTwilio({ accountSid: 'AC00000000000000000000000000000e2e', authToken: 'e2e-token' });
  const oauth = await startFakeOAuthProviders({ publicBaseUrl });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-accounts-'));
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: publicBaseUrl,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_BASE: twilio.url,
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000e2e',
    TWILIO_AUTH_TOKEN: 'e2e-token',
    TWILIO_FROM: '+15005550006',
    ...oauth.env,
    ...extraEnv,
  };
  const world: AccountsWorld = {
    server: await startServer({ port, env }),
    twilio,
    oauth,
    async restart(extra) {
      await world.server.stop();
      world.server = await startServer({ port, env: { ...env, ...extra } });
    },
    async stop() {
      await world.server.stop();
      await twilio.close();
      await oauth.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}
