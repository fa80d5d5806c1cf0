import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-serializers.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Media tokens, signatures and OAuth codes must not be written to the log in a usable form. */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

describe('request log', () => {
  it('logs a signed media request with its path and without the signature', async () => {
    const sig = 'AbCdEf0123456789SECRETSIGNATURE';
    await t.app.inject({ method: 'GET', url: `/media/dramas/x/1/master.m3u8?exp=1999999999&sig=${sig}` });
    const logged = lines.join('\n');
    expect(logged).toContain('/media/dramas/x/1/master.m3u8?exp=1999999999&sig=%5Bredacted%5D');
    expect(logged).not.toContain(sig);
  });

  it('logs a tokened media request with its path and without the token', async () => {
    const token = 'k1.1999999999.SECRETMACSECRETMACSECRETMACSECRETMACSECRET0';
    await t.app.inject({ method: 'GET', url: `/media/t/${token}/episodes/x/1-abc/hd/seg_000.ts` });
    const logged = lines.join('\n');
    expect(logged).toContain('/media/t/[redacted]/episodes/x/1-abc/hd/seg_000.ts');
    expect(logged).not.toContain('SECRETMAC');
  });

  it('redacts sig, code, state and token, and leaves other URLs alone', () => {
    expect(redactUrl('/pages/login/googleLogin?code=abc&state=def&x=1')).toBe(
      '/pages/login/googleLogin?code=%5Bredacted%5D&state=%5Bredacted%5D&x=1',
    );
    expect(redactUrl('/api/v1/dramas?q=love&page=2')).toBe('/api/v1/dramas?q=love&page=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/media/t/k1.2.mac/episodes/a/1/master.m3u8?code=x')).toBe(
      '/media/t/[redacted]/episodes/a/1/master.m3u8?code=%5Bredacted%5D',
    );
  });
});
