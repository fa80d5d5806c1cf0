import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '@cliffhanger/test-kit/server-process';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxProcess {
  url: string;
  /** nginx's error log so far (warn and above): why an upstream failed, for a failing assertion's message. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx running the deployment kit's own site (deploy/nginx/cliffhanger.conf), with its
 * upstream pointed at `upstreamPorts` and listening on a free port, in a directory of its own.
 */
export async function startNginx(upstreamPorts: number[]): Promise<NginxProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ch-nginx-'));
  // nginx's workers drop root for `nobody`, which must reach the temp folders.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const site = readFileSync(path.join(repoRoot, 'deploy/nginx/cliffhanger.conf'), 'utf8');
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  const ours = site
    .replace(/( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/, `${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (ours === site || !ours.includes(`listen 127.0.0.1:${port};`))
    throw new Error('deploy/nginx/cliffhanger.conf changed shape');
  return runNginx({ dir, port, site: ours });
}

/**
 * Debian's nginx in `dir` (which its workers, `nobody` when started as root, must reach), serving `site`
 * (the text of a deploy/nginx site, already pointed at its upstreams and at `port`) inside an
 * `http {}` block; `main` goes before it (e.g. `load_module` of the njs module). Resolves once
 * nginx answers /healthz.
 */
export async function runNginx({
  dir,
  port,
  site,
  main = '',
}: {
  dir: string;
  port: number;
  site: string;
  main?: string;
}): Promise<NginxProcess & { dir: string; reload(): Promise<void> }> {
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${main}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${safeRead(path.join(dir, 'error.log'))}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    dir,
    errorLog: () => safeRead(path.join(dir, 'error.log')),
    /**
     * `nginx -s reload`, resolved once the workers that read the old configuration have gone (they
     * stop taking connections at once and finish the requests they hold).
     */
    async reload() {
      const workers = () => {
        try {
          return readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
            .trim()
            .split(/\s+/)
            .filter(Boolean);
        } catch {
          return [];
        }
      };
      const old = workers();
      const result = spawnSync(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-s', 'reload']);
      if (result.status !== 0) throw new Error(`nginx reload failed: ${String(result.stderr)}`);
      const until = Date.now() + 10_000;
      while (workers().some((pid) => old.includes(pid)) || workers().length === 0) {
        if (Date.now() > until) throw new Error('nginx reload: the old workers did not leave');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
