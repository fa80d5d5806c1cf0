import * as endpoints from '@cliffhanger/contract';
import type { Endpoint } from '@cliffhanger/contract';

/**
 * The contract's schema for what an endpoint answers, so the API stub can refuse a canned answer
 * the server could never send (a test that passes against a shape that does not exist proves
 * nothing). Test code only: the app's bundle carries no zod.
 */
interface Matcher {
  key: string;
  method: string;
  pattern: RegExp;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS: Matcher[] = Object.values(endpoints as Record<string, unknown>)
  .flatMap((value) => (isEndpoint(value) ? [value] : []))
  .map((endpoint) => ({
    key: `${endpoint.method} ${endpoint.path}`,
    method: endpoint.method,
    pattern: new RegExp(
      `^${endpoint.path
        .split(/:[A-Za-z_]\w*/)
        .map(escape)
        .join('[^/]+')}$`,
    ),
    endpoint,
  }))
  // A literal path wins over a parameter in the same place (`/dramas/search` over `/dramas/:id`).
  .sort((a, b) => b.key.replace(/:\w+/g, '').length - a.key.replace(/:\w+/g, '').length);

/** Why `data` is not what `METHOD path` answers with code 200, or null when it is (or no endpoint matches). */
export function contractViolation(method: string, path: string, data: unknown): string | null {
  const matcher = MATCHERS.find((m) => m.method === method && m.pattern.test(path));
  if (!matcher) return null;
  const result = matcher.endpoint.data.safeParse(data);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`);
  return `${method} ${path} (${matcher.key}) answered data the contract refuses: ${issues.slice(0, 5).join('; ')}`;
}
