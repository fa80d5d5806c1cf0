import { Code } from '@cliffhanger/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth-context.js';
import { AppError } from './envelope.js';

/**
 * The session of a request to an `auth: 'required'` route. The auth plugin has already refused
 * visitors; this only narrows the type (and fails closed if a route is misconfigured).
 */
export function signedIn(request: Pick<FastifyRequest, 'auth'>): AuthContext {
  if (request.auth === null) throw new AppError(Code.NOT_SIGNED_IN, 'Not signed in');
  return request.auth;
}

/** What a sign-in records about the device: the client IP and user agent. */
export function clientOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): { ip: string; userAgent?: string } {
  const userAgent = request.headers['user-agent'];
  return userAgent === undefined ? { ip: request.ip } : { ip: request.ip, userAgent };
}
