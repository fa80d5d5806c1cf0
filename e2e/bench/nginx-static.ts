import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/server-process.js';

const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface StaticNginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The media yardstick: Debian's nginx serving `root` from disk as a web server does by default
 * (sendfile, keep-alive, no cache), with `workers` worker processes, in a folder of its own.
 */
export async function startStaticNginx(root: string, workers: number): Promise<StaticNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ch-bench-nginx-'));
  // nginx's workers drop root for `nobody`, which must reach the temp folders.
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { video/mp2t ts; application/vnd.apple.mpegurl m3u8; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
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
      throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
