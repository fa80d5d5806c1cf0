import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthService, RATE_LIMITS_PER_PROCESS } from '../src/services/health.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /healthz answers ok with the uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ code: Code.OK, message: 'OK', data: { status: 'ok', uptime_s: expect.any(Number) } });
    expect(body.data.uptime_s).toBeGreaterThanOrEqual(0);
  });

  it('GET /readyz answers ready while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    // The PostgreSQL suite runs with DATABASE_URL and no REDIS_URL: ready, with the warning.
    const warnings = t.config.databaseUrl === undefined ? [] : ['rate-limits-per-process'];
    expect(res.json()).toEqual({ code: Code.OK, message: 'OK', data: { status: 'ready', database: true, warnings } });
  });

  it('reports which driver the suite runs on', () => {
    expect(t.app.database.driver).toBe(process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite');
  });
});

// A separate app: closing its database would break every other test in the file.
describe('readiness without a database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /readyz answers not-ready with HTTP 503 once the database is closed', async () => {
    await t.app.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: Code.INTERNAL_ERROR,
      message: expect.any(String),
      data: { status: 'not-ready', database: false, warnings: expect.any(Array) },
    });
    // Liveness does not depend on the database.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness warnings', () => {
  const ping = { ping: () => Promise.resolve() };

  it('warns that rate limits are per process when DATABASE_URL is set without REDIS_URL', async () => {
    const service = new HealthService(ping, { databaseUrl: 'postgres://db/app', redisUrl: undefined });
    expect(await service.readiness()).toEqual({ status: 'ready', database: true, warnings: [RATE_LIMITS_PER_PROCESS] });
  });

  it('has no warning with Redis, nor for the embedded single process', async () => {
    for (const config of [
      { databaseUrl: 'postgres://db/app', redisUrl: 'redis://cache:6379' },
      { databaseUrl: undefined, redisUrl: undefined },
    ]) {
      expect((await new HealthService(ping, config).readiness()).warnings).toEqual([]);
    }
  });
});
