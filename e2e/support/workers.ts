/**
 * Spec files run two at a time. Each has worlds of its own (server, port, data directory); the
 * specs that read the demo catalogue share a server per worker (server-lease.ts).
 */
export const E2E_WORKERS = 2;
