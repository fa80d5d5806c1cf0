import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { startServer, type RunningServer } from '../support/server-process.js';
import { createDatabase } from '@cliffhanger/test-kit/pg-admin';

/** The real server with the demo catalogue and one signed-in viewer, in embedded or PostgreSQL mode. */
export interface ReadWorld {
  mode: 'embedded' | 'PostgreSQL';
  server: RunningServer;
  /** `Bearer <token>` of a viewer signed in by SMS (through the fake Twilio). */
  bearer: string;
  stop(): Promise<void>;
}

const TWILIO_SID = 'AC00000000000000000000000000bench';
const TWILIO_TOKEN = 'bench-token';
const PHONE = '+15005550123';

export interface Envelope<T> {
  code: number;
  data: T;
}

/** POSTs JSON to the API and answers the envelope's data, or throws on any other code than 200. */
export async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${url} answered code ${envelope.code}`);
  return envelope.data;
}

/**
 * Starts the server as `npm start` does, on a fresh data directory (and, with `adminUrl`, a fresh
 * PostgreSQL database on that server), and signs one viewer in through the real SMS flow.
 * `extraEnv` goes on top of the server's environment.
 */
export async function startReadWorld(adminUrl?: string, extraEnv: Record<string, string> = {}): Promise<ReadWorld> {
  const twilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ch-bench-reads-'));
  const database = adminUrl ? await createDatabase(adminUrl, 'ch_bench_reads') : undefined;
  const cleanup = async () => {
    await twilio.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: RunningServer;
  try {
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'true',
        DATABASE_URL: database?.url ?? '',
        REDIS_URL: '',
        SMS_PROVIDER: 'twilio',
        TWILIO_API_BASE: twilio.url,
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        TWILIO_FROM: '+15005550006',
        ...extraEnv,
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  try {
    const api = `${server.url}/api/v1`;
    await post(`${api}/auth/sms/send`, { phone: PHONE });
    const code = twilio.lastCodeFor(PHONE);
    if (!code) throw new Error('the fake Twilio received no code');
    const session = await post<{ token: string }>(`${api}/auth/sms/login`, { phone: PHONE, code });
    return {
      mode: database ? 'PostgreSQL' : 'embedded',
      server,
      bearer: `Bearer ${session.token}`,
      async stop() {
        await server.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await server.stop();
    await cleanup();
    throw error;
  }
}
