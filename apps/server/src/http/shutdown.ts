import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Code, type Envelope } from '@cliffhanger/contract';
import type { FastifyInstance } from 'fastify';
import { acceptQueueLength } from './accept-queue.js';

/** Seconds a client refused by a stopping process should wait: the other processes are up already. */
const SHUTDOWN_RETRY_AFTER_S = 1;

/**
 * How a stopping process answers the requests still reaching it on open connections:
 * - draining: as usual, each with `Connection: close`, so the client (nginx) ends the connection
 *   once it has the answer and never sends another request on it;
 * - refusing: past the drain, with 503 and Retry-After without running them, so what is in flight
 *   can finish within the grace.
 * Keyed by the HTTP server, which every encapsulated instance of the app shares.
 */
const phases = new WeakMap<Server, 'draining' | 'refusing'>();

/** The onRequest hook behind both phases; registered first, so a refused request runs nothing else. */
export function registerShutdownHooks(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const phase = phases.get(request.server.server);
    if (phase === undefined) {
      done();
      return;
    }
    // On the raw response, so an answer a route writes itself closes the connection too.
    reply.raw.setHeader('connection', 'close');
    if (phase === 'draining') {
      done();
      return;
    }
    const body: Envelope<null> = {
      code: Code.SERVICE_UNAVAILABLE,
      message: 'Shutting down, retry shortly',
      data: null,
    };
    void reply.code(503).header('retry-after', String(SHUTDOWN_RETRY_AFTER_S)).send(body);
  });
}

/**
 * The first part of a graceful stop, before `app.close()`: stops accepting connections and
 * waits until the open ones have ended, or `withinMs` has passed.
 *
 * The process itself closes no connection meanwhile. One it closes while idle may be the one a
 * proxy (nginx) is sending a request on at that very moment, and the request is cut off: a
 * reset nginx can resend only for idempotent methods. Node's `server.close()` closes every idle
 * connection at once, so only the listening socket is closed here (net.Server's close); a
 * connection attempted after that is refused, which nginx hands to another process whatever the
 * method. It is closed once the connections already waiting in its accept queue are accepted
 * (closeListener below), as closing it would reset them. Each open connection then ends after
 * its next answer (`Connection: close`), or when the client closes it idle: nginx after its
 * upstream keepalive_timeout, which is shorter than ours for that reason, other clients at our
 * keep-alive timeout. Whatever is left at `withinMs` is for `app.close()`: it closes idle
 * connections and the onRequest hook refuses new requests with 503.
 */
export async function drainConnections(app: Pick<FastifyInstance, 'server'>, withinMs: number): Promise<void> {
  const server = app.server;
  // net.Server's 'close': the listening socket is closed and the last connection has ended.
  const ended = new Promise<void>((resolve) => server.once('close', () => resolve()));
  await closeListener(server);
  phases.set(server, 'draining');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)))]);
  clearTimeout(timer);
  phases.set(server, 'refusing');
}

/**
 * Event-loop turns a stopping process waits at most for its accept queue to be empty: connections
 * keep arriving while it is busy, and nginx opens them only now and then, so a queue that stays
 * full that long means a flood, which closing ends either way.
 */
const ACCEPT_TURNS = 200;

/**
 * Closes the listening socket (net.Server's close, which leaves open connections alone) at a
 * moment its accept queue is empty. Closing a listening socket resets every connection the kernel
 * has completed but the process not yet accepted, and nginx has sent its request on such a
 * connection already: a GET it resends elsewhere, a POST fails with 502. A busy process accepts
 * late, so under load the queue is now and then not empty. Each event-loop turn accepts what is queued;
 * the count is read and the socket closed in one synchronous step, so only a connection completed
 * within those microseconds can still be reset. Where the queue cannot be read (not Linux), the
 * socket is closed at once.
 */
async function closeListener(server: Server): Promise<void> {
  const handle = (server as unknown as { _handle?: { fd?: number } | null })._handle;
  for (let turn = 0; turn < ACCEPT_TURNS; turn += 1) {
    if (!acceptQueueLength(handle?.fd)) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  NetServer.prototype.close.call(server);
}
