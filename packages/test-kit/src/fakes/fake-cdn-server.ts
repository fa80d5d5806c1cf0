/**
 * What the fake CDN APIs share: a local HTTP server that reads each request's body and hands it
 * to the fake's handler, and a queue of answers to fail with (a CDN's 5xx or its throttling).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CdnRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CdnAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface FakeCdnServer {
  url: string;
  /** From now on, the next `count` requests are answered this way before the fake's own rules. */
  failNext(answer: CdnAnswer, count?: number): void;
  close(): Promise<void>;
}

export async function startCdnServer(handle: (request: CdnRequest) => CdnAnswer): Promise<FakeCdnServer> {
  const failures: CdnAnswer[] = [];
  const answer = (res: ServerResponse, { status, headers, body }: CdnAnswer) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const failure = failures.shift();
      if (failure) return answer(res, failure);
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      answer(res, handle(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export const json = (status: number, body: unknown): CdnAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
