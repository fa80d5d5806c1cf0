import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HealthService, RATE_LIMITS_PER_PROCESS, REDIS_UNREACHABLE } from '../src/services/health.service.js';
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
    expect(res.json()).toEqual({
      code: Code.OK,
      message: 'OK',
      data: { status: 'ready', database: true, migrations: true, warnings },
    });
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
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      code: Code.SERVICE_UNAVAILABLE,
      message: expect.any(String),
      data: { status: 'not-ready', database: false, migrations: false, warnings: expect.any(Array) },
    });
    // Liveness does not depend on the database.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness without this build\'s migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /readyz answers not-ready with HTTP 503 while the newest migration is not applied', async () => {
    expect(await t.app.database.migrationsCurrent()).toBe(true);
    const db = t.app.database.db;
    // As if this build were newer than the schema: the newest applied migration is forgotten.
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({ status: 'not-ready', database: true, migrations: false });
  });
});

describe('readiness warnings', () => {
  const ping = { ping: () => Promise.resolve(), migrationsCurrent: () => Promise.resolve(true) };

  it('warns that rate limits are per process when DATABASE_URL is set without REDIS_URL', async () => {
    const service = new HealthService(ping, { databaseUrl: 'postgres://db/app', redisUrl: undefined });
    expect(await service.readiness()).toEqual({
      status: 'ready',
      database: true,
      migrations: true,
      warnings: [RATE_LIMITS_PER_PROCESS],
    });
  });

  it('has no warning with Redis, nor for the embedded single process', async () => {
    for (const config of [
      { databaseUrl: 'postgres://db/app', redisUrl: 'redis://cache:6379' },
      { databaseUrl: undefined, redisUrl: undefined },
    ]) {
      expect((await new HealthService(ping, config).readiness()).warnings).toEqual([]);
    }
  });

  it('stays ready but warns while the configured Redis does not answer', async () => {
    const config = { databaseUrl: 'postgres://db/app', redisUrl: 'redis://cache:6379' };
    let shared = true;
    const service = new HealthService(ping, config, { shared: () => shared });
    expect((await service.readiness()).warnings).toEqual([]);
    shared = false;
    expect(await service.readiness()).toMatchObject({ status: 'ready', warnings: [REDIS_UNREACHABLE] });
  });
});
