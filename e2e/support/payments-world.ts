import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeStripe, type FakeStripe } from '@cliffhanger/test-kit/fakes/fake-stripe';
import { startFakeTwilio, type FakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { freePort, startServer, type RunningServer } from './server-process.js';
import { createDatabase } from '@cliffhanger/test-kit/pg-admin';

/** PostgreSQL like the wallet suite: fulfilment is the wallet's job, on the database CI runs. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

const STRIPE_SECRET_KEY = 'sk_test_cliffhangerE2e';
const STRIPE_WEBHOOK_SECRET = 'whsec_cliffhangerE2e';
const TWILIO_SID = 'AC00000000000000000000000000000e2e';

export interface PaymentsWorld {
  server: RunningServer;
  /** Where the server keeps its data: DATABASE_URL, DATA_DIR and PUBLIC_BASE_URL, for a command run beside it. */
  env: Record<string, string>;
  twilio: FakeTwilio;
  /** The Stripe stand-in: its hosted Checkout page is where the browser pays. */
  stripe: FakeStripe;
  stop(): Promise<void>;
}

export interface PaymentsWorldOptions {
  /** The database's name prefix. */
  name?: string;
  /** Settings over the world's own. */
  env?: Record<string, string>;
}

/**
 * A server of its own on a fresh PostgreSQL database (dropped by `stop`) with Stripe configured
 * against the fake, whose webhooks are signed with the real scheme and go to the server's
 * webhook route; the fake Twilio is the SMS sink for signing in. By default a house ad before every
 * episode (ADS_EVERY_N_EPISODES=1), so that a VIP seeing none proves something.
 */
export async function startPaymentsWorld(adminUrl: string, options: PaymentsWorldOptions = {}): Promise<PaymentsWorld> {
  const name = options.name ?? 'ch_e2e_payments';
  const database = await createDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), `cliffhanger-${name}-`));
  const port = await freePort();
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
  const twilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: 'e2e-token' });
  const stripe = await startFakeStripe({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });

  const drop = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  let server: RunningServer;
  try {
    server = await startServer({
      port,
      env: {
        ...env,
        LOG_LEVEL: 'warn',
        SMS_PROVIDER: 'twilio',
        TWILIO_API_BASE: twilio.url,
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: 'e2e-token',
        TWILIO_FROM: '+15005550006',
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        ADS_EVERY_N_EPISODES: '1',
        ...options.env,
      },
    });
  } catch (error) {
    await stripe.close();
    await twilio.close();
    await drop();
    throw error;
  }
  stripe.setWebhookUrl(`${server.url}/api/v1/payments/stripe/webhook`);

  return {
    server,
    env,
    twilio,
    stripe,
    async stop() {
      await server.stop();
      await stripe.close();
      await twilio.close();
      await drop();
    },
  };
}
