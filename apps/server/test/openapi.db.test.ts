import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NAME: 'Docs Title' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is an OpenAPI 3 document titled with APP_NAME at the app version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Docs Title', version: '1.2.11' });
  });

  it('describes /api/v1/app/config with the contract response in the envelope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/app/config']?.get;
    expect(op).toBeDefined();
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(['code', 'message', 'data']);
    expect(schema.properties.data.required).toEqual(
      expect.arrayContaining(['app_id', 'version_code', 'compiler_version', 'sign_in_methods']),
    );
  });

  it('lists the probes but not itself or the static web routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(doc.paths['/api/v1/openapi.json']).toBeUndefined();
    expect(
      Object.keys(doc.paths).filter((path) => !path.startsWith('/api/') && path !== '/healthz' && path !== '/readyz'),
    ).toEqual([]);
  });
});
