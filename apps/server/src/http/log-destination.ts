import pinoPretty from 'pino-pretty';

/**
 * Where the server's log goes when no stream is given: JSON lines on stdout for machines
 * (journald, docker, a log shipper), or pino-pretty's one readable line per event for a person at
 * a terminal (`npm start`). Pretty printing runs in this process, not in pino's transport worker:
 * the dev server writes little, and a worker thread would outlive a failed boot.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): NodeJS.WritableStream {
  return pinoPretty({
    destination,
    colorize: destination === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
}
