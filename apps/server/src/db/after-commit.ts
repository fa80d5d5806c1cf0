import type { Db } from './database.js';

/** Work queued in an open transaction, run once it commits. */
const queued = new WeakMap<Db, (() => void)[]>();

/**
 * `db` whose transactions run what `afterCommit` queued in them once they have committed; a
 * rolled-back transaction drops its queue. Everything else is `db` itself (its prototype). Work
 * that throws is handed to `onError`: the transaction has committed, its caller must hear so.
 */
export function withAfterCommit(db: Db, onError: (error: unknown) => void): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    const pending: (() => void)[] = [];
    const result = await db.transaction((tx) => {
      queued.set(tx, pending);
      return work(tx);
    }, config);
    for (const run of pending) {
      try {
        run();
      } catch (error) {
        onError(error);
      }
    }
    return result;
  };
  return Object.assign(Object.create(db) as Db, { transaction });
}

/**
 * Runs `run` once `tx` has committed (counting what was written, not what a rollback undid).
 * Outside a transaction of a `withAfterCommit` database there is nothing to wait for: at once.
 */
export function afterCommit(tx: Db, run: () => void): void {
  const pending = queued.get(tx);
  if (pending) pending.push(run);
  else run();
}
