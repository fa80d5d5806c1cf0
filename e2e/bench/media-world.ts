import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeTwilio } from '@cliffhanger/test-kit/fakes/fake-twilio';
import { createDatabase } from '@cliffhanger/test-kit/pg-admin';
import { startRedisServer } from '@cliffhanger/test-kit/redis-server';
import { freePort, startServer, type RunningServer } from '../support/server-process.js';
import { BENCH_MEDIA_TOKEN_KEYS } from './edge-process.js';

/**
 * The production shape on one machine, for the media and scale sections: `processes` API
 * processes (each started as `npm start` starts it) sharing one fresh PostgreSQL database, one
 * Redis of their own and one media directory holding the demo catalogue, with SMS sign-in through
 * the fake Twilio so simulated viewers can sign in as real ones do.
 */
export interface MediaWorld {
  api: RunningServer[];
  /** `${DATA_DIR}/media`: what the processes serve under /media/. */
  mediaDir: string;
  databaseUrl: string;
  databaseName: string;
  redisPort: number;
  /** The code the fake Twilio last sent to `phone`. */
  codeFor(phone: string): string | undefined;
  stop(): Promise<void>;
}

const TWILIO_SID = 'AC00000000000000000000000000bench';
const TWILIO_TOKEN = 'bench-token';
/** Both processes must sign and verify media alike. */
const AUTH_SECRET = 'bench-media-secret-0123456789abcdef0123456789';

export async function startMediaWorld(adminUrl: string, processes: number): Promise<MediaWorld> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const twilio = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
    stops.push(() => twilio.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ch-bench-media-'));
    // nginx's workers (nobody) read the media beside the processes.
    chmodSync(dataDir, 0o755);
    stops.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
    const database = await createDatabase(adminUrl, 'ch_bench_media');
    stops.push(() => database.drop());
    const redisPort = await freePort();
    const redis: ChildProcess = await startRedisServer(redisPort);
    stops.push(async () => {
      redis.kill('SIGTERM');
      if (redis.exitCode === null) await once(redis, 'exit');
    });
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      DEMO_CATALOG: 'true',
      AUTH_SECRET,
      MEDIA_TOKEN_KEYS: BENCH_MEDIA_TOKEN_KEYS,
      SMS_PROVIDER: 'twilio',
      TWILIO_API_BASE: twilio.url,
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: '+15005550006',
      // Every simulated viewer signs in from 127.0.0.1.
      SMS_IP_HOURLY_CAP: '1000000',
      LOG_LEVEL: 'warn',
    };
    const api: RunningServer[] = [];
    // One after the other: the first imports the demo catalogue, the next finds it there.
    for (let i = 0; i < processes; i++) {
      const server = await startServer({ env });
      stops.push(() => server.stop());
      api.push(server);
    }
    return {
      api,
      mediaDir: path.join(dataDir, 'media'),
      databaseUrl: database.url,
      databaseName: database.name,
      redisPort,
      codeFor: (phone) => twilio.lastCodeFor(phone),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
