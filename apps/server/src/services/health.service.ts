import { Code, type healthSchema, type readinessSchema } from '@cliffhanger/contract';
import type { z } from 'zod';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError } from '../http/envelope.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

export type Liveness = z.infer<typeof healthSchema>;
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * Rate limits (SMS, sign-in, comments, shares) count in this process when REDIS_URL is unset.
 * That is right for the embedded single process; with DATABASE_URL several processes are likely,
 * and each would allow the full limit: N processes, N times the limit.
 */
export const RATE_LIMITS_PER_PROCESS = 'rate-limits-per-process';

/** REDIS_URL is set but Redis does not answer: limits count per process until it is back. */
export const REDIS_UNREACHABLE = 'redis-unreachable';

export function configWarnings(config: Pick<ServerConfig, 'databaseUrl' | 'redisUrl'>): string[] {
  return config.databaseUrl !== undefined && config.redisUrl === undefined ? [RATE_LIMITS_PER_PROCESS] : [];
}

/**
 * Liveness says the process answers; readiness says it can serve traffic: the database answers
 * and holds this build's migrations. Redis being away degrades (warning), it does not stop service.
 */
export class HealthService {
  private readonly startedAt = process.hrtime.bigint();

  private readonly warnings: string[];

  constructor(
    private readonly database: Pick<Database, 'ping' | 'migrationsCurrent'>,
    private readonly config: Pick<ServerConfig, 'databaseUrl' | 'redisUrl'>,
    private readonly rateLimiter?: Pick<RateLimiter, 'shared'>,
  ) {
    this.warnings = configWarnings(config);
  }

  liveness(): Liveness {
    const elapsedNs = process.hrtime.bigint() - this.startedAt;
    return { status: 'ok', uptime_s: Number(elapsedNs / 1_000_000_000n) };
  }

  /** HTTP 503 (not 500) when not ready, so a load balancer takes this process out of rotation. */
  async readiness(): Promise<Readiness> {
    const warnings = [...this.warnings];
    if (this.config.redisUrl !== undefined && this.rateLimiter && !this.rateLimiter.shared()) {
      warnings.push(REDIS_UNREACHABLE);
    }
    try {
      await this.database.ping();
    } catch (cause) {
      const data: Readiness = { status: 'not-ready', database: false, migrations: false, warnings };
      throw new AppError(Code.SERVICE_UNAVAILABLE, 'Not ready: the database does not answer', data, { cause });
    }
    if (!(await this.database.migrationsCurrent())) {
      const data: Readiness = { status: 'not-ready', database: true, migrations: false, warnings };
      throw new AppError(Code.SERVICE_UNAVAILABLE, 'Not ready: the database lacks migrations (run npm run migrate)', data);
    }
    return { status: 'ready', database: true, migrations: true, warnings };
  }
}
