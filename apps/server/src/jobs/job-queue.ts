import PgBoss from 'pg-boss';
import { JOB, type JobName } from './jobs.js';

/** pg-boss keeps its tables in a schema of its own, beside the app's. */
const BOSS_SCHEMA = 'pgboss';

/**
 * Each queue's rules: a failed job is tried again with growing delays (retryDelay doubled each
 * time), and a job that runs past its expiry counts as failed (and is retried) rather than
 * holding its slot forever. The expiry sweep is a singleton: one run at a time across workers.
 */
const QUEUES: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  [JOB.coinExpiry]: { policy: 'singleton', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
  [JOB.catalogImport]: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 6 * 3600 },
};

/** A pg-boss client on the app's database; `worker: false` only sends (no maintenance, no schedules). */
export async function openBoss(
  databaseUrl: string,
  options: { worker: boolean; poolSize?: number; onError?: (error: Error) => void },
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: BOSS_SCHEMA,
    max: options.poolSize ?? 4,
    supervise: options.worker,
    schedule: options.worker,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  for (const [name, queue] of Object.entries(QUEUES)) {
    // createQueue keeps an existing queue as it is; updateQueue applies this build's rules.
    if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...queue });
    else await boss.createQueue(name, { name, ...queue });
  }
  return boss;
}

/** Queues one job from outside the worker (the catalogue command) and answers its id. */
export async function enqueueJob(databaseUrl: string, name: JobName, data: object): Promise<string> {
  const boss = await openBoss(databaseUrl, { worker: false, poolSize: 1 });
  try {
    const id = await boss.send(name, data);
    if (id === null) throw new Error(`${name} was not queued`);
    return id;
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
