import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.js';
import { isConsolePath } from '../http/console-paths.js';
import type { AppInstance } from '../app-instance.js';

/** One year, with subdomains: what browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin of MEDIA_BASE_URL when it points at a CDN; media on this server needs nothing extra. */
function mediaOrigin(mediaBaseUrl: string): string[] {
  return mediaBaseUrl.startsWith('/') ? [] : [new URL(mediaBaseUrl).origin];
}

/**
 * The Content-Security-Policy of the web app and the API. Scripts only from this origin (the
 * Vite build has no inline script), so an injected `<script>` or `javascript:` URL does not run.
 * Media: hls.js plays through MediaSource (`blob:`) and may run its demuxer in a `blob:` worker;
 * the player fetches playlists and segments (`connect-src`) from MEDIA_BASE_URL. Images may come
 * from sign-in providers (Google, Facebook and TikTok avatars), hence `https:`. React sets styles
 * through the DOM, which CSP does not govern; `'unsafe-inline'` styles only cover libraries that
 * add a `<style>` element.
 */
function contentSecurityPolicy(config: Pick<ServerConfig, 'mediaBaseUrl' | 'publicBaseUrl'>) {
  const media = mediaOrigin(config.mediaBaseUrl);
  const directives: Record<string, string[] | null> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'connect-src': ["'self'", ...media],
    'worker-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    // Clickjacking: no site may frame the app (the unlock and purchase buttons spend money).
    'frame-ancestors': ["'none'"],
    // Over plain http (local development) upgrading would point every request at a dead port.
    'upgrade-insecure-requests': config.publicBaseUrl.startsWith('https:') ? [] : null,
  };
  return directives;
}

/**
 * The operator console's policy (its pages and its API), stricter than the viewers': it reaches
 * nothing but its own origin, runs no inline code or style, and shows images only from itself,
 * `data:` (the enrolment's QR code), `blob:` and MEDIA_BASE_URL's origin when that is a CDN (the
 * posters and banners it lists and previews). `base-uri 'none'`: the build's URLs are absolute
 * (`/console/assets/…`), so an injected `<base>` has nothing to redirect.
 */
function consoleContentSecurityPolicy(config: Pick<ServerConfig, 'mediaBaseUrl' | 'publicBaseUrl'>) {
  const directives: Record<string, string[] | null> = {
    'default-src': ["'none'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigin(config.mediaBaseUrl)],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': config.publicBaseUrl.startsWith('https:') ? [] : null,
  };
  return directives;
}

/** The headers helmet sets for these options, read once by running its middleware on a recorder. */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    // helmet reports bad options (an invalid directive) through next(): fail the boot with it.
    if (error instanceof Error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (pages, API, media): CSP (under /console the console's own,
 * with `X-Robots-Tag`), `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: no-referrer` (URLs carry OAuth codes and media signatures that must not leak
 * to other sites), and HSTS when the request came over HTTPS (behind
 * a proxy only with TRUST_PROXY, which makes `request.protocol` read X-Forwarded-Proto). HSTS over
 * plain http would be ignored by browsers and would pin `localhost` for anyone who later adds TLS.
 *
 * helmet decides the headers; they depend only on configuration, so they are computed once at
 * boot and copied onto each reply. (@fastify/helmet builds helmet's middleware again for every
 * request: an eighth of the CPU of a cached catalogue answer.)
 */
function securityHeadersPlugin(app: AppInstance): void {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    // Media may be fetched through a CDN on another site (MEDIA_BASE_URL); media routes relax it.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Sign-in with a provider is a full-page redirect, never a popup, so the opener can be cut.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  };
  const everywhere = helmetHeaders(options);
  const media = helmetHeaders({ ...options, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  // The console is for its operators only: no search engine lists or follows it.
  const operatorConsole = {
    ...helmetHeaders({
      ...options,
      contentSecurityPolicy: { useDefaults: false, directives: consoleContentSecurityPolicy(app.config) },
    }),
    'x-robots-tag': 'noindex, nofollow',
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (isConsolePath(request.url)) reply.headers(operatorConsole);
    else reply.headers(request.routeOptions.config.crossOriginMedia === true ? media : everywhere);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
