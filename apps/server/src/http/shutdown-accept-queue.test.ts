import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptQueueLength, rxQueueOf } from './accept-queue.js';
import { drainConnections } from './shutdown.js';

const listenerFd = (server: Server) => (server as unknown as { _handle: { fd: number } })._handle.fd;

/** Blocks this thread (so nothing is accepted) until the kernel holds a connection for `server`. */
function waitForQueuedConnection(server: Server): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + 10_000;
  while (!acceptQueueLength(listenerFd(server))) {
    if (Date.now() > until) throw new Error('no connection reached the accept queue within 10 s');
    Atomics.wait(pause, 0, 0, 5);
  }
}

/** A GET from another thread, which runs while this one is blocked. */
function getFromWorker(port: number): Promise<{ status?: number; body?: string; error?: string }> {
  const worker = new Worker(
    `const { get } = require('node:http');
     const { parentPort, workerData } = require('node:worker_threads');
     get({ host: '127.0.0.1', port: workerData.port, path: '/', agent: false }, (res) => {
       let body = '';
       res.setEncoding('utf8');
       res.on('data', (chunk) => (body += chunk));
       res.on('end', () => parentPort.postMessage({ status: res.statusCode, body }));
     }).on('error', (error) => parentPort.postMessage({ error: error.code ?? String(error) }));`,
    { eval: true, workerData: { port } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => {
      resolve(message as { status?: number; body?: string; error?: string });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

let server: Server | undefined;

afterEach(async () => {
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

describe.runIf(process.platform === 'linux')('a stopping process and its accept queue (Linux)', () => {
  it('reads how many connections wait to be accepted on a listening socket', async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    expect(acceptQueueLength(listenerFd(server))).toBe(0);
    const answered = getFromWorker((server.address() as AddressInfo).port);
    waitForQueuedConnection(server);
    expect(acceptQueueLength(listenerFd(server))).toBeGreaterThanOrEqual(1);
    expect(await answered).toEqual({ status: 200, body: 'ok' });
    expect(acceptQueueLength(listenerFd(server))).toBe(0);
  });

  it('accepts and answers a connection waiting in the queue when the stop begins instead of resetting it', async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const answered = getFromWorker((server.address() as AddressInfo).port);
    waitForQueuedConnection(server);
    // The stop begins while the connection is still queued: closing the socket now would reset it.
    const drained = drainConnections({ server }, 2_000);
    expect(await answered).toEqual({ status: 200, body: 'ok' });
    await drained;
    expect(server.listening).toBe(false);
  });
});

describe('the accept queue in the text of /proc/net/tcp', () => {
  const table = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000003 00:00000000 00000000  1000        0 41321 1 0000000000000000 100 0 0 10 0',
    '   1: 0100007F:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 41322 1 0000000000000000 100 0 0 10 0',
  ].join('\n');

  it("is the rx_queue of the socket's own row, found by inode", () => {
    expect(rxQueueOf(table, '41321')).toBe(3);
    expect(rxQueueOf(table, '41322')).toBe(0);
  });

  it('is unknown for a socket not in the table, or no descriptor', () => {
    expect(rxQueueOf(table, '99999')).toBeUndefined();
    expect(acceptQueueLength(undefined)).toBeUndefined();
    expect(acceptQueueLength(-1)).toBeUndefined();
  });
});
