import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` on a connection to the admin database, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the admin URL's server, named `<prefix>_<random>`: empty, or a copy of
 * `template` (which must have no open connection). `drop` ends its sessions and removes it.
 */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const from = template ? ` TEMPLATE ${template}` : '';
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${from}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      }),
  };
}
