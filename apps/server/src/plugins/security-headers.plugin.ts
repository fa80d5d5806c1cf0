import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.js';
import type { AppInstance } from '../http/types.js';

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
export function contentSecurityPolicy(config: Pick<ServerConfig, 'mediaBaseUrl' | 'publicBaseUrl'>) {
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
 * Security headers on every answer (pages, API, media): CSP, `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer` (URLs carry OAuth codes and media
 * signatures that must not leak to other sites), and HSTS when the request came over HTTPS (behind
 * a proxy only with TRUST_PROXY, which makes `request.protocol` read X-Forwarded-Proto). HSTS over
 * plain http would be ignored by browsers and would pin `localhost` for anyone who later adds TLS.
 */
async function securityHeadersPlugin(app: AppInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
    // Media may be fetched through a CDN on another site (MEDIA_BASE_URL); the media route relaxes it.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Sign-in with a provider is a full-page redirect, never a popup, so the opener can be cut.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
