import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { edgeSite } from '@cliffhanger/test-kit/edge-site';
import { freePort, repoRoot } from '../support/server-process.js';

const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's njs module (libnginx-mod-http-js). */
const NJS_MODULE = process.env.NGINX_NJS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so';
const SITE = path.join(repoRoot, 'deploy/nginx/edge.conf');
const SCRIPT = path.join(repoRoot, 'deploy/nginx/edge-token.js');

/** The media token key the bench's API processes sign with (MEDIA_TOKEN_KEYS) and the edge verifies. */
export const BENCH_MEDIA_TOKEN_KEYS = 'bench:YmVuY2gtbWVkaWEtdG9rZW4ta2V5LTAxMjM0NTY3ODlhYmNkZWY=';

export interface Edge {
  url: string;
  /** nginx worker processes: the static yardstick runs with as many. */
  workers: number;
  /** nginx's master; its workers are its children. */
  pids(): number[];
  stop(): Promise<void>;
}

/** One worker, as the edge's own test runs it, and a yardstick nginx beside it runs with. */
const WORKERS = 1;

/**
 * The media edge of the deployment kit (deploy/nginx/edge.conf and edge-token.js, nginx with njs)
 * in a folder of its own, in front of the API processes on `ports`: its cache, keys and log there,
 * on a free port. Undefined when this checkout has no edge site.
 */
export async function startEdge(ports: number[]): Promise<Edge | undefined> {
  if (!existsSync(SITE) || !existsSync(SCRIPT)) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'ch-bench-edge-'));
  // nginx's workers drop root for `nobody`, which must reach the cache, the script and the keys.
  chmodSync(dir, 0o777);
  const port = await freePort();
  copyFileSync(SCRIPT, path.join(dir, 'edge-token.js'));
  const keysFile = path.join(dir, 'media-keys.conf');
  writeFileSync(keysFile, `set $media_token_keys "${BENCH_MEDIA_TOKEN_KEYS}";\n`);
  const site = edgeSite({
    upstreamPorts: ports,
    port,
    dir,
    scriptFile: path.join(dir, 'edge-token.js'),
    keysFile,
    accessLog: 'off',
  });
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${NJS_MODULE};
daemon off;
worker_processes ${WORKERS};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `the edge's nginx exited with ${child.exitCode}: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
      );
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the edge did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    workers: WORKERS,
    pids: () => (child.pid ? [child.pid] : []),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
