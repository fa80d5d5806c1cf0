import type { FastifyBaseLogger } from 'fastify';
import type { WalletService } from './wallet.service.js';

export interface ExpirySchedulerDeps {
  wallet: Pick<WalletService, 'expireDue'>;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Told how each run ended (metrics). */
  onRun?: (outcome: 'ok' | 'failed') => void;
}

/**
 * Runs `expireDue` every interval in this process, one run at a time. Several API processes may
 * each run it: the per-user row lock and the `expiry:lot:<id>` key make a lot expire once.
 * Answers `stop`, which waits for a run in progress (call it before the database closes).
 */
export function startExpiryScheduler({ wallet, intervalMs, log, onRun }: ExpirySchedulerDeps): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = wallet
      .expireDue()
      .then((totals) => {
        if (totals.coins > 0) log.info(totals, 'expired coin lots');
        onRun?.('ok');
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'coin expiry failed');
        onRun?.('failed');
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // The job never keeps a process alive on its own (the CLI, tests).
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
