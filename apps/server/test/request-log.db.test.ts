import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { prettyLogStream } from '../src/http/log-destination.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The log a person and a machine read: one line per request at most, and none at the default level. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function linesAt(level: string): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  t = await createTestApp({ env: { LOG_LEVEL: level }, logStream: { write: (line) => lines.push(line) } });
  lines.length = 0;
  await t.app.inject({ method: 'GET', url: '/healthz' });
  await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes nothing for a served request at the default level (info)', async () => {
    const lines = await linesAt('info');
    // Fastify's own request logging wrote "incoming request" and "request completed" for each.
    expect(lines.map((line) => line.msg)).toEqual([]);
  });

  it('writes exactly one line per request at debug, with method, redacted URL, status and time', async () => {
    const lines = (await linesAt('debug')).filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 20, method: 'GET', url: '/healthz', status: 200, ms: expect.any(Number) });
    expect(lines[1]).toMatchObject({ method: 'GET', url: '/api/v1/nope', status: 404 });
  });
});

describe('LOG_FORMAT=pretty', () => {
  it('turns each JSON line into one readable line, so a sign-in code stands out', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stream = prettyLogStream(out);
    stream.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'h', sms: { to: '+12015550123' }, msg: 'SMS to +12015550123 : Your Cliffhanger code is 123456' })}\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toMatch(/INFO.*SMS to \+12015550123 : Your Cliffhanger code is 123456/);
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).not.toContain('"msg"');
  });
});
