import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials: a media URL's signature works for anyone who reads it. */
const SECRET_PARAMS = ['sig', 'code', 'state', 'token'];

/**
 * The URL as logged: path and query, with the value of every credential parameter replaced.
 * Logs travel to places (aggregators, support tickets) where a working signed URL must not.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** pino's request serializer, as Fastify's default but with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
