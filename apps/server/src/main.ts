import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfigOrExit, runMain } from './config.js';
import { createConsoleServer } from './http/console-listener.js';
import { drainConnections } from './http/shutdown.js';

/** How long in-flight requests get to finish after SIGINT/SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long of that the open connections get to end on their own: idle ones behind nginx end
 * within its upstream keepalive_timeout (4 s), other clients' at our keep-alive timeout (5 s + 1 s
 * by default). The rest is for requests still running then and for closing the app.
 */
const DRAIN_MS = 7_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit(1);
  const app = await buildApp(config);
  // CONSOLE_PORT: the console answers on a listener of its own (http/console-listener.ts).
  const consoleServer = config.consolePort === undefined ? undefined : createConsoleServer(app, config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal means "now".
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // SIGTERM (systemd, docker, a rolling restart): stop listening and let the open connections
    // end before closing the app, as nginx sends requests on its kept-alive connections until
    // they close and each must be answered. SIGINT is Ctrl-C at a terminal: a browser's idle
    // connection is not worth waiting seconds for.
    const drainMs = signal === 'SIGTERM' ? DRAIN_MS : 0;
    Promise.all([
      drainConnections(app, drainMs),
      consoleServer ? drainConnections({ server: consoleServer }, drainMs) : undefined,
    ])
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
    if (consoleServer) await listen(consoleServer, config.consolePort ?? 0, config.consoleHost);
  } catch (error) {
    // A port already taken ends the start, but the embedded database is open by now: closed, it is
    // checkpointed and unlocked; left open by a bare exit, it needs crash recovery at the next start,
    // which PGlite has been seen to fail (Aborted() on every start after).
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = displayHost(config.host);
  process.stdout.write(`${config.appName} listening on http://${host}:${port}\n`);
  if (consoleServer) {
    const consolePort = (consoleServer.address() as AddressInfo).port;
    process.stdout.write(
      `${config.appName} console listening on http://${displayHost(config.consoleHost)}:${consolePort}/console/\n`,
    );
  }
}

/** 0.0.0.0 / :: mean "every interface"; a browser needs a concrete host. */
function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

runMain(main, 'Failed to start: ', 1);
