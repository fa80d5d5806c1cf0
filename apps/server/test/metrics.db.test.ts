import { gunzipSync } from 'node:zlib';
import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSmsSender } from './fakes/recording-sms-sender.js';
import { envelope, signIn } from './helpers/accounts.js';
import { seedDrama, type SeededDrama } from './helpers/catalog-fixture.js';
import { sample } from './helpers/prometheus.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TestClock } from './helpers/test-clock.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const sms = new RecordingSmsSender();
let t: TestApp;
let guarded: TestApp;
let seeded: SeededDrama;

beforeAll(async () => {
  t = await createTestApp({ smsSender: sms, clock: new TestClock().now, env: { SMS_IP_HOURLY_CAP: '1000' } });
  guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  seeded = await seedDrama(t.app, { episodes: 3, freeEpisodes: 1, episodePrice: 30, allPrice: 50 });
});
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close()]);
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

async function scrape(app: TestApp = t, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const requests = (text: string, route: string, status: number, method = 'GET') =>
  sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status }) ?? 0;

describe('GET /metrics', () => {
  it('answers the text exposition format, not the envelope, with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatch(/^# HELP /);
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.body, 'ledger_entries_total', { kind: 'checkin_reward' })).toBe(0);
    expect(sample(res.body, 'job_runs_total', { job: 'coin-expiry', outcome: 'failed' })).toBe(0);
    expect(sample(res.body, 'job_runs_total', { job: 'avatar-copy', outcome: 'retried' })).toBe(0);
  });

  it('compresses like any text answer, and the text survives it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('times requests under their route pattern and status, never the raw URL, and not itself', async () => {
    const before = await scrape();
    const id = seeded.drama.id;
    expect((await get('/api/v1/home')).statusCode).toBe(200);
    expect((await get(`/api/v1/dramas/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/dramas/${id}`)).statusCode).toBe(200);
    expect((await get('/api/v1/dramas/987654321')).statusCode).toBe(404);
    expect((await get('/api/v1/no-such-route')).statusCode).toBe(404);
    const after = await scrape();

    expect(requests(after, '/api/v1/home', 200) - requests(before, '/api/v1/home', 200)).toBe(1);
    expect(requests(after, '/api/v1/dramas/:id', 200) - requests(before, '/api/v1/dramas/:id', 200)).toBe(2);
    expect(requests(after, '/api/v1/dramas/:id', 404) - requests(before, '/api/v1/dramas/:id', 404)).toBe(1);
    expect(requests(after, 'unmatched', 404) - requests(before, 'unmatched', 404)).toBe(1);
    expect(after).not.toContain(`/dramas/${id}"`);
    expect(after).not.toContain('no-such-route');
    expect(after).not.toContain('route="/metrics"');
    // Fast answers land in the fine buckets: the histogram is built around the 50 ms goal.
    const bucket = { method: 'GET', route: '/api/v1/dramas/:id', status_code: 200, le: 0.05 };
    expect(sample(after, 'http_request_duration_seconds_bucket', bucket)).toBeGreaterThan(0);
  });

  it('counts a committed check-in as ledger_entries_total{kind="checkin_reward"}, once', async () => {
    const me = await signIn({ app: t.app, sms });
    const before = sample(await scrape(), 'ledger_entries_total', { kind: 'checkin_reward' });
    const checkin = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/task/checkin', headers: { authorization: me.token } });
    expect(envelope(await checkin()).code).toBe(200);
    expect(envelope(await checkin()).code).toBe(Code.ALREADY_DONE_TODAY);
    expect(sample(await scrape(), 'ledger_entries_total', { kind: 'checkin_reward' })).toBe((before ?? 0) + 1);
  });

  it('counts playback handed out by viewer kind, not a locked episode', async () => {
    const me = await signIn({ app: t.app, sms });
    const [free, locked] = seeded.episodes;
    const starts = (text: string, viewer: string) => sample(text, 'playback_starts_total', { viewer }) ?? 0;
    const before = await scrape();
    expect(envelope(await get(`/api/v1/episodes/${free!.id}/play`)).code).toBe(200);
    expect(envelope(await get(`/api/v1/episodes/${free!.id}/play`, me.token)).code).toBe(200);
    expect(envelope(await get(`/api/v1/episodes/${locked!.id}/play`)).code).toBe(Code.EPISODE_LOCKED);
    const after = await scrape();
    expect(starts(after, 'visitor') - starts(before, 'visitor')).toBe(1);
    expect(starts(after, 'signed_in') - starts(before, 'signed_in')).toBe(1);
  });
});

describe('METRICS_TOKEN', () => {
  it('refuses a scrape without the bearer token (401, 10027) or with another one (403, 10005)', async () => {
    const missing = await guarded.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(envelope(missing).code).toBe(Code.NOT_SIGNED_IN);
    const raw = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } });
    expect(envelope(raw).code).toBe(Code.NOT_SIGNED_IN);
    const wrong = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(envelope(wrong).code).toBe(Code.FORBIDDEN);
  });

  it('answers the metrics to the right token, and leaves /metrics open when unset', async () => {
    const text = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(text).toContain('# TYPE ledger_entries_total counter');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('two apps in one process', () => {
  it('keep their own counters', async () => {
    expect((await get('/api/v1/home')).statusCode).toBe(200);
    const mine = await scrape();
    const theirs = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(requests(mine, '/api/v1/home', 200)).toBeGreaterThan(0);
    expect(requests(theirs, '/api/v1/home', 200)).toBe(0);
    expect(sample(mine, 'ledger_entries_total', { kind: 'checkin_reward' })).toBeGreaterThan(0);
    expect(sample(theirs, 'ledger_entries_total', { kind: 'checkin_reward' })).toBe(0);
    expect(sample(theirs, 'playback_starts_total', { viewer: 'visitor' })).toBe(0);
  });
});
