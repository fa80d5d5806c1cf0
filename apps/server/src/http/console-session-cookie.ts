import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The operator's session: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it, not even on a link), sent only to /console. It lives as long as the session may
 * (12 hours); the server ends it sooner after 30 idle minutes.
 */
export const CONSOLE_SESSION_COOKIE = 'ch_console';
const COOKIE_PATH = '/console';
const MAX_AGE_S = 12 * 3600;

export function readConsoleSession(request: Pick<FastifyRequest, 'cookies'>): string | undefined {
  const value = request.cookies[CONSOLE_SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

export function setConsoleSession(request: Pick<FastifyRequest, 'protocol'>, reply: FastifyReply, token: string): void {
  void reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
    path: COOKIE_PATH,
    maxAge: MAX_AGE_S,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function clearConsoleSession(request: Pick<FastifyRequest, 'protocol'>, reply: FastifyReply): void {
  void reply.clearCookie(CONSOLE_SESSION_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}
