import fastifyCors from '@fastify/cors';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import type { AppInstance } from '../app-instance.js';

/** What the web app's HTTP client sends (packages/contract http-client.ts), and nothing more. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'sign', REQUEST_ID_HEADER];
/** The methods of the contract's endpoints; HEAD for media probes. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
/** A preflight answer may be reused for ten minutes (Safari caps it lower anyway). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin access for the pages of CORS_ORIGINS: the iOS shell serves the web build from
 * `capacitor://localhost` and calls this server at its public origin, for the API and for media
 * (hls.js fetches playlists and segments; subtitles load with `crossorigin`). Each allowed origin
 * is echoed back exactly, never `*`. No credentials: the API authenticates by the Authorization
 * header, and the one cookie (the browser's OAuth binder) belongs to pages of this origin only.
 * Another origin gets no CORS header at all and its preflight answers 404, so its page cannot
 * read anything. Pages served by this server are same-origin and need none of this.
 */
async function corsPlugin(app: AppInstance): Promise<void> {
  const allowed = new Set(app.config.corsOrigins);
  await app.register(fastifyCors, {
    // A function rather than the list: an origin off the list turns CORS off for the request
    // (no preflight answer), instead of a 204 preflight that merely lacks the allow header.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After', 'Content-Range'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
}

export default fp(corsPlugin, { name: 'cors' });
