import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createDatabase as createAdminDatabase } from '@cliffhanger/test-kit/pg-admin';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/create-database.js';
import { MEMORY_DATA_DIR } from '../src/config.js';
import { migrationsFolder } from '../src/paths.js';
import { testAdminUrl } from './helpers/admin-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory with every migration applied (server-pglite). */
    migratedPgliteDataDir: string;
    /** A migrated PostgreSQL database that test databases are created from (server-pg). */
    migratedTemplateDatabase: string;
  }
}

/**
 * Migrates once per run. Every test file used to start from an empty database and apply every
 * migration itself; now PGlite test databases load a data directory dumped here, and PostgreSQL
 * ones are `CREATE DATABASE … TEMPLATE` copies of a database migrated here.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env.TEST_DB_DRIVER === 'pg' ? migratedTemplate(project) : migratedDataDir(project);
}

async function migratedDataDir(project: TestProject): Promise<() => Promise<void>> {
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const dir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-pglite-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('migratedPgliteDataDir', file);
    return () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  } finally {
    await client.close();
  }
}

async function migratedTemplate(project: TestProject): Promise<() => Promise<void>> {
  const template = await createAdminDatabase(testAdminUrl(), 'ch_template');
  const database = await createDatabase({ databaseUrl: template.url, dataDir: MEMORY_DATA_DIR });
  try {
    await database.migrate();
  } finally {
    // A template must have no open connection while it is copied.
    await database.close();
  }
  project.provide('migratedTemplateDatabase', template.name);
  return () => template.drop();
}
