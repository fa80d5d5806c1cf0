import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server-process.js';

export interface EdgeSiteOptions {
  /** The API processes' ports: the upstream's servers. */
  upstreamPorts: number[];
  /** The edge's own port on 127.0.0.1. */
  port: number;
  /** A directory of the edge's own: its caches and (unless `accessLog` is off) its log go here. */
  dir: string;
  /** Where the njs script and the keys file were put. */
  scriptFile: string;
  keysFile: string;
  /** `off` when measuring: a log only adds its writes to the edge's cost. */
  accessLog: 'file' | 'off';
}

/**
 * deploy/nginx/edge.conf as deployed, but for the host-specific lines: the upstream's ports, the
 * listener, the script, keys, caches and log paths. Throws when the file no longer has one of them,
 * so a change of the deployed site cannot leave the test and the bench running something else.
 */
export function edgeSite(options: EdgeSiteOptions): string {
  const { dir } = options;
  const servers = options.upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n');
  const replacements: [RegExp, string][] = [
    [/( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/, `${servers}\n`],
    [/listen 80;/, `listen 127.0.0.1:${options.port};`],
    [/\/etc\/nginx\/njs\/edge-token\.js/, options.scriptFile],
    [/\/etc\/nginx\/cliffhanger-media-keys\.conf/g, options.keysFile],
    [/\/var\/cache\/nginx\/cliffhanger-media-dirs/, path.join(dir, 'dir-cache')],
    [/\/var\/cache\/nginx\/cliffhanger-media /, `${path.join(dir, 'cache')} `],
    options.accessLog === 'off'
      ? [/access_log \/var\/log\/nginx\/cliffhanger-edge\.log cliffhanger_edge;/, 'access_log off;']
      : [/\/var\/log\/nginx\/cliffhanger-edge\.log/, path.join(dir, 'access.log')],
  ];
  let site = readFileSync(path.join(repoRoot, 'deploy/nginx/edge.conf'), 'utf8');
  for (const [pattern, value] of replacements) {
    const next = site.replace(pattern, value);
    if (next === site) throw new Error(`deploy/nginx/edge.conf changed shape: ${String(pattern)} not found`);
    site = next;
  }
  return site;
}
