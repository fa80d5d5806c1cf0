import { API_PREFIX } from '@cliffhanger/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser binder of a third-party sign-in (login CSRF defence). Set with the authorization
 * URL, sent back only to the OAuth endpoints (Path), never readable by scripts (HttpOnly), and
 * sent on the provider's top-level redirect back to us only as a same-site request (SameSite=Lax
 * allows that navigation; the exchange itself is a same-origin fetch from the callback page).
 */
export const OAUTH_BINDER_COOKIE = 'ch_oauth_binder';
const COOKIE_PATH = `${API_PREFIX}/auth/oauth`;

export function readOAuthBinder(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === OAUTH_BINDER_COOKIE) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export function setOAuthBinder(
  request: Pick<FastifyRequest, 'protocol'>,
  reply: FastifyReply,
  binder: string,
  maxAgeS: number,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${OAUTH_BINDER_COOKIE}=${binder}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`,
  );
}
