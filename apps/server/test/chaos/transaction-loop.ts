/**
 * A process that keeps four transactions open on PostgreSQL, each pausing between two statements,
 * until it is told to stop (SIGTERM) or 60 s pass: the shape in which a terminated backend used to
 * end the API processes. `bare` opens its pool as the server did before (a listener for idle
 * clients only); `product` uses the server's createDatabase. Run by database-chaos.pg.test.ts as
 * the chaos rounds' positive control: the same round must end `bare` and leave `product` running.
 *
 * Prints `ready` once a transaction has committed; exits 0 when stopped.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MEMORY_DATA_DIR } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';

const mode = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
if ((mode !== 'bare' && mode !== 'product') || !databaseUrl) {
  process.stderr.write('usage: DATABASE_URL=… transaction-loop.ts bare|product\n');
  process.exit(2);
}

type Transaction = () => Promise<void>;

function bareTransaction(): Transaction {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  return async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1');
      await sleep(20);
      await client.query('commit');
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
}

async function productTransaction(): Promise<Transaction> {
  const database = await createDatabase({
    databaseUrl,
    dataDir: MEMORY_DATA_DIR,
    poolSize: 4,
    onConnectionError: () => undefined,
  });
  return () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(20);
      await tx.execute(sql`select 2`);
    });
}

const transaction = mode === 'bare' ? bareTransaction() : await productTransaction();
let stopping = false;
process.once('SIGTERM', () => (stopping = true));
const until = Date.now() + 60_000;
let announced = false;
await Promise.all(
  [1, 2, 3, 4].map(async () => {
    while (!stopping && Date.now() < until) {
      try {
        await transaction();
        if (!announced) {
          announced = true;
          process.stdout.write('ready\n');
        }
      } catch {
        // A failed transaction is the expected outcome of a terminated backend; the next one reconnects.
        await sleep(50);
      }
    }
  }),
);
process.exit(0);
