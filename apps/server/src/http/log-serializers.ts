import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials: whoever reads one in a log could use it. */
const SECRET_PARAMS = ['sig', 'code', 'state', 'token'];
/** A media token in a path (`/media/t/<token>/…`) opens its episode for anyone who reads it. */
const MEDIA_TOKEN_IN_PATH = /^(\/media\/t\/)[^/?#]*/;

/**
 * The URL as logged: path and query, with the value of every credential parameter replaced.
 * Logs travel to places (aggregators, support tickets) where a working signed URL must not.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(MEDIA_TOKEN_IN_PATH, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const secrets = SECRET_PARAMS.filter((name) => params.has(name));
  if (secrets.length === 0) return url;
  for (const name of secrets) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
