import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Slow-loris: connections trickling headers or a body are cut off after the configured timeouts. */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { HTTP_HEADERS_TIMEOUT_S: '1', HTTP_REQUEST_TIMEOUT_S: '2', HTTP_KEEP_ALIVE_TIMEOUT_S: '1' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await t?.close();
});

/** Resolves with the seconds until the server closed the socket, and what it answered. */
function closedAfter(socket: Socket): Promise<{ seconds: number; answer: string }> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  return new Promise((resolve) => {
    socket.on('close', () => resolve({ seconds: (Date.now() - started) / 1000, answer }));
    socket.on('error', () => undefined);
  });
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  it('closes a connection that trickles its headers, with 408, after HTTP_HEADERS_TIMEOUT_S', async () => {
    const socket = await open();
    const closed = closedAfter(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    const { seconds, answer } = await closed;
    clearInterval(drip);
    expect(seconds).toBeLessThan(4);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that trickles its body after HTTP_REQUEST_TIMEOUT_S', async () => {
    const socket = await open();
    const closed = closedAfter(socket);
    socket.write('POST /api/v1/auth/sms/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const { seconds } = await closed;
    clearInterval(drip);
    expect(seconds).toBeLessThan(5);
  });

  it('closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_S', async () => {
    const socket = await open();
    const closed = closedAfter(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { seconds, answer } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(seconds).toBeLessThan(3);
  });
});
