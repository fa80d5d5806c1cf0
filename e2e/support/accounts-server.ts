import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/test/fakes/fake-twilio.js';
import { startFakeOAuthProviders, type FakeOAuthProviders } from '../../apps/server/test/fakes/oauth-fakes.js';
import { freePort, startServer, type RunningServer } from './server-process.js';

export interface AccountsWorld {
  server: RunningServer;
  twilio: FakeTwilio;
  oauth: FakeOAuthProviders;
  stop(): Promise<void>;
}

/**
 * A server of its own for the accounts suite, wired to the fake Twilio (the test SMS sink: the
 * real Twilio provider code sends to it) and the fake Google/Facebook/TikTok providers.
 */
export async function startAccountsWorld(): Promise<AccountsWorld> {
  const port = await freePort();
  const publicBaseUrl = `http://127.0.0.1:${port}`;
  const twilio = await startFakeTwilio({ accountSid: 'AC00000000000000000000000000000e2e', authToken: 'e2e-token' });
  const oauth = await startFakeOAuthProviders({ publicBaseUrl });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-accounts-'));
  const server = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: publicBaseUrl,
      SMS_PROVIDER: 'twilio',
      TWILIO_API_BASE: twilio.url,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000e2e',
      TWILIO_AUTH_TOKEN: 'e2e-token',
      TWILIO_FROM: '+15005550006',
      ...oauth.env,
    },
  });
  return {
    server,
    twilio,
    oauth,
    async stop() {
      await server.stop();
      await twilio.close();
      await oauth.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
