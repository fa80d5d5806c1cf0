import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { isConsolePath } from './console-paths.js';
import { notFoundResponse } from './error-response.js';
import { httpServerOptions } from './server-options.js';

/** Requests that came in on the console's own listener (CONSOLE_PORT). */
const viaConsoleListener = new WeakSet<IncomingMessage>();

/**
 * The console's own listener: a second HTTP server whose requests are marked as the console's
 * and handed to the same Fastify app, so both listeners share one set of routes, services and
 * database pool. Listen on it once the app is ready.
 */
export function createConsoleServer(
  app: Pick<FastifyInstance, 'routing'>,
  config: Parameters<typeof httpServerOptions>[0],
): Server {
  return createServer(httpServerOptions(config), (request, response) => {
    viaConsoleListener.add(request);
    app.routing(request, response);
  });
}

/**
 * With CONSOLE_PORT set, each listener answers only its own: the main one 404 under /console, the
 * console's 404 for everything else (the viewers' API, pages and media), so the console can be
 * kept off the public network entirely. Register it after the security headers, so the 404s carry
 * them too.
 */
export function registerListenerSplit(app: FastifyInstance, config: Pick<ServerConfig, 'consolePort'>): void {
  if (config.consolePort === undefined) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isConsolePath(request.url) === viaConsoleListener.has(request.raw)) {
      done();
      return;
    }
    const response = notFoundResponse();
    void reply.code(response.status).send(response.body);
  });
}
