import PgBoss from 'pg-boss';
import { JOB_POLICIES } from './jobs.js';
import { type JobData, type JobName, type JobSender } from '../services/jobs.js';

/** pg-boss keeps its tables in a schema of its own, beside the app's. */
const BOSS_SCHEMA = 'pgboss';

/** Connections of an API process's sender: it only inserts jobs, one short statement each. */
const SENDER_POOL_SIZE = 2;

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
  for (const [name, policy] of Object.entries(JOB_POLICIES)) {
    const queue: PgBoss.Queue = { name, ...policy };
    // createQueue keeps an existing queue as it is; updateQueue applies this build's rules.
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
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

/**
 * How an API process with JOB_RUNNER=worker hands jobs to the worker: each send is one insert
 * into pg-boss's queue, on a small pool of its own beside the app's.
 */
export async function openJobSender(
  databaseUrl: string,
  onError: (error: Error) => void,
): Promise<JobSender & { close(): Promise<void> }> {
  const boss = await openBoss(databaseUrl, { worker: false, poolSize: SENDER_POOL_SIZE, onError });
  return {
    async send<N extends JobName>(name: N, data: JobData[N]): Promise<void> {
      if ((await boss.send(name, data)) === null) throw new Error(`${name} was not queued`);
    },
    close: () => boss.stop({ graceful: false, wait: true }),
  };
}
