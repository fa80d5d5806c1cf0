import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the caller's own: a fresh cluster (initdb, trust authentication) in a
 * temporary folder, on 127.0.0.1:`port`. Tests that restart or stop PostgreSQL must not do it to
 * the server every other test file shares. Debian's binaries, from the installed major version.
 */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  /**
   * What `pg_ctlcluster … restart` does: a fast shutdown (every session terminated) and a start.
   * Asynchronous, so the caller's own clients go on meanwhile.
   */
  restart(): Promise<void>;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return join(root, newest, 'bin');
}

export function startPostgresServer(port: number): PostgresServer {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'ch-postgres-'));
  const data = join(dir, 'data');
  // initdb and postgres refuse to run as root: as root, they run as the postgres account.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const account = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(account.stdout.trim()), Number(group.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(...command(tool, args), { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
    }
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctlArgs = (action: 'start' | 'restart' | 'stop') => [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    options,
    ...(action === 'start' ? [] : ['-m', 'fast']),
    '-w',
    '-t',
    '60',
    action,
  ];
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ctlArgs('start'));
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      await promisify(execFile)(...command('pg_ctl', ctlArgs('restart')), { timeout: 60_000 });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ctlArgs('stop'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
