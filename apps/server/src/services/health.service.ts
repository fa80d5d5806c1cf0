import { Code } from '@cliffhanger/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../http/envelope.js';

export interface Liveness {
  status: 'ok';
  uptime_s: number;
}

export interface Readiness {
  status: 'ready' | 'not-ready';
  database: boolean;
}

/** Liveness says the process answers; readiness says it can serve traffic (the database answers). */
export class HealthService {
  private readonly startedAt = process.hrtime.bigint();

  constructor(private readonly database: Pick<Database, 'ping'>) {}

  liveness(): Liveness {
    const elapsedNs = process.hrtime.bigint() - this.startedAt;
    return { status: 'ok', uptime_s: Number(elapsedNs / 1_000_000_000n) };
  }

  /** HTTP 503 (not 500) when not ready, so a load balancer takes this process out of rotation. */
  async readiness(): Promise<Readiness> {
    try {
      await this.database.ping();
    } catch (cause) {
      const data: Readiness = { status: 'not-ready', database: false };
      throw new AppError(Code.INTERNAL_ERROR, 'Not ready: the database does not answer', data, { status: 503, cause });
    }
    return { status: 'ready', database: true };
  }
}
