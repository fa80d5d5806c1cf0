import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainConnections } from '../src/http/shutdown.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** What a stopping process answers on connections a client (nginx) keeps open. */
let test: TestApp;
let port: number;

beforeAll(async () => {
  test = await createTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  port = (test.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await test?.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { code?: number; message?: string; data?: unknown };
  /** Sent on a connection that had already carried a request. */
  reused: boolean;
}

function get(agent: Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(text) as Answer['body'],
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const refusesConnections = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('a graceful stop', () => {
  it('answers requests on open connections with Connection: close while draining, then refuses them with 503 and Retry-After', async () => {
    // Two kept-alive connections, as nginx holds them.
    const first = new Agent({ keepAlive: true, maxSockets: 1 });
    const second = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(first, '/api/v1/app/config')).status).toBe(200);
      expect((await get(second, '/api/v1/app/config')).status).toBe(200);

      const started = Date.now();
      let drainedAt = 0;
      const drained = drainConnections(test.app, 1_000).then(() => (drainedAt = Date.now() - started));
      expect(await refusesConnections()).toBe(true);

      // Draining: served as usual, and the connection ends with the answer.
      const served = await get(first, '/api/v1/app/config');
      expect(served.reused).toBe(true);
      expect(served.status).toBe(200);
      expect(served.body.code).toBe(Code.OK);
      expect(served.headers.connection).toBe('close');

      // The second connection stays open and idle: the process does not close it, it waits.
      await drained;
      expect(drainedAt).toBeGreaterThanOrEqual(990);

      // Past the drain: refused in the envelope, for the client to try again elsewhere.
      const refused = await get(second, '/api/v1/app/config');
      expect(refused.reused).toBe(true);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ code: Code.SERVICE_UNAVAILABLE, message: expect.any(String), data: null });
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers.connection).toBe('close');
      expect(refused.headers['x-request-id']).toBeTruthy();
    } finally {
      first.destroy();
      second.destroy();
    }
  });
});
