import { chmodSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { edgeSite } from '@cliffhanger/test-kit/edge-site';
import { freePort, repoRoot } from '@cliffhanger/test-kit/server-process';
import { runNginx, type NginxProcess } from './nginx-process.js';

/** Debian's njs module (libnginx-mod-http-js). */
const NJS_MODULE = process.env.NGINX_NJS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so';

export interface EdgeProcess extends NginxProcess {
  /** Writes the keys file and reloads nginx, as an operator rotating keys does. */
  setKeys(keys: string): Promise<void>;
  /** The access log so far (the edge's own log_format). */
  accessLog(): string;
}

/**
 * The media edge of the deployment kit (deploy/nginx/edge.conf with edge-token.js) in a directory
 * of its own: its upstream pointed at `upstreamPorts`, its caches, keys file and access log there,
 * listening on a free port. `keys` is the keys file's value (`kid:secret,…`).
 */
export async function startEdge(upstreamPorts: number[], keys: string): Promise<EdgeProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ch-edge-'));
  // nginx's workers drop root for `nobody`, which must reach the cache, the script and the keys.
  chmodSync(dir, 0o777);
  const port = await freePort();
  copyFileSync(path.join(repoRoot, 'deploy/nginx/edge-token.js'), path.join(dir, 'edge-token.js'));
  const keysFile = path.join(dir, 'media-keys.conf');
  const writeKeys = (value: string) => writeFileSync(keysFile, `set $media_token_keys "${value}";\n`);
  writeKeys(keys);
  const ours = edgeSite({
    upstreamPorts,
    port,
    dir,
    scriptFile: path.join(dir, 'edge-token.js'),
    keysFile,
    accessLog: 'file',
  });
  const nginx = await runNginx({ dir, port, site: ours, main: `load_module ${NJS_MODULE};\n` });
  return {
    ...nginx,
    async setKeys(value) {
      writeKeys(value);
      await nginx.reload();
    },
    accessLog: () => {
      try {
        return readFileSync(path.join(dir, 'access.log'), 'utf8');
      } catch {
        return '';
      }
    },
  };
}
