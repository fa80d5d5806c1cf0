import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

/** Whether a Redis answers PING on 127.0.0.1:`port`. */
function pongs(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const failure of ['error', 'timeout', 'close'] as const) socket.once(failure, () => resolve(false));
  });
}

/**
 * A redis-server of the caller's own on `port` (Debian's binary, nothing kept on disk), ready when
 * this resolves: tests that stop Redis mid-way must not stop the one other tests share.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    if (await pongs(port)) return server;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
