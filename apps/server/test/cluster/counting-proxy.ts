import { Agent, createServer, request } from 'node:http';
import { once } from 'node:events';

export interface CountingProxy {
  port: number;
  /** Requests that reached the process behind, by path with any media token taken out. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/** `/media/t/<token>/<path>` → `/media/<path>`: one count per file, whoever's token asked. */
const withoutToken = (url: string) => url.split('?', 1)[0]!.replace(/^\/media\/t\/[^/]*\//, '/media/');

/**
 * A pass-through HTTP proxy in front of one API process that counts what reaches it: the edge
 * test's view of "the origin", without touching the process.
 */
export async function startCountingProxy(targetPort: number): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createServer((req, res) => {
    const path = withoutToken(req.url ?? '');
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // nginx closes idle upstream connections at its keepalive_timeout (4 s); stay open longer.
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('counting proxy did not listen');
  return {
    port: address.port,
    counts,
    async close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
