import { describe, expect, it } from 'vitest';
import * as endpoints from './endpoints/index.js';
import * as routes from './routes.js';

const isEndpoint = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;

describe('browser routes', () => {
  it('has one route per endpoint, with the same method, path and upload flag', () => {
    const fromEndpoints = Object.entries(endpoints)
      .filter(([, value]) => isEndpoint(value))
      .map(([name, value]) => {
        const endpoint = value as unknown as { method: string; path: string; multipart?: true };
        return { name, method: endpoint.method, path: endpoint.path, multipart: endpoint.multipart ?? false };
      });
    const fromRoutes = Object.entries(routes).map(([name, route]) => ({
      name,
      method: route.method,
      path: route.path,
      multipart: route.multipart ?? false,
    }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(fromRoutes.sort(byName)).toEqual(fromEndpoints.sort(byName));
  });
});
