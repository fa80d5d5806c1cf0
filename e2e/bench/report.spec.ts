import { describe, expect, it } from 'vitest';
import { BARE_LIGHTHOUSE_PAGE, type CannonRow, type LighthouseRow } from './delivery-bench.js';
import { hitRatio, mediaGoals, type MediaFile } from './media-report.js';
import { deliveryGoals, playbackGoals, type DeliveryFile } from './report.js';

const row = (name: string, ofBare: number, p99: number, non2xx = 0): CannonRow => ({
  name,
  requestsPerSecond: 1000,
  p50: 1,
  p99,
  ofBare,
  non2xx,
  load: 'load 0.1',
});

const lighthouseRow = (page: string, performance: number, more: Partial<LighthouseRow> = {}): LighthouseRow => ({
  page,
  performance,
  lcpMs: 1500,
  cls: 0,
  tbtMs: 100,
  scriptBytes: 1,
  over20Kb: [],
  runs: 3,
  load: 'load 0.1',
  ...more,
});

const delivery = (cannon: CannonRow[], bytes: number, performance = 95, cls = 0.01): DeliveryFile => ({
  at: '2026-11-23T00:00:00.000Z',
  cannon,
  homeJs: { files: 4, bytes },
  lighthouse: [lighthouseRow('home', performance, { cls })],
});

const met = (goals: { name: string; met: boolean }[]) => Object.fromEntries(goals.map((g) => [g.name, g.met]));

describe('the bench report judges every figure against its goal', () => {
  it('lists and catalogue pages need 0.25× bare, a drama page 0.15×, all with p99 under 50 ms and no errors', () => {
    const goals = met(
      deliveryGoals(
        delivery(
          [
            row('bare Fastify hello-world', 1, 2),
            row('GET /home (embedded)', 0.25, 49),
            row('GET /dramas?sort=hits (embedded)', 0.249, 10),
            row('GET /dramas/:id visitor (embedded)', 0.15, 10),
            row('GET /dramas/:id signed in (PostgreSQL)', 0.3, 50),
            row('GET /home (PostgreSQL)', 0.5, 5, 1),
          ],
          150 * 1024,
        ),
      ),
    );
    expect(goals).toMatchObject({
      'GET /home (embedded)': true,
      'GET /dramas?sort=hits (embedded)': false,
      'GET /dramas/:id visitor (embedded)': true,
      'GET /dramas/:id signed in (PostgreSQL)': false,
      'GET /home (PostgreSQL)': false,
      'Home JavaScript, gzip': true,
    });
    expect(goals).not.toHaveProperty('bare Fastify hello-world');
  });

  it('home JavaScript above 150 KB, a Lighthouse score under 90 or CLS of 0.05 fail', () => {
    expect(met(deliveryGoals(delivery([], 150 * 1024 + 1)))).toMatchObject({
      'Home JavaScript, gzip': false,
      'Lighthouse mobile, home (median of 3)': true,
    });
    expect(met(deliveryGoals(delivery([], 1, 89)))['Lighthouse mobile, home (median of 3)']).toBe(false);
    expect(met(deliveryGoals(delivery([], 1, 95, 0.05)))['Lighthouse mobile, home (median of 3)']).toBe(false);
  });

  it('the bare hls.js page is no goal: its figures stand beside the video page’s, which alone is judged', () => {
    const goals = deliveryGoals({
      ...delivery([], 1),
      lighthouse: [
        lighthouseRow('video page', 91, { tbtMs: 700 }),
        lighthouseRow(BARE_LIGHTHOUSE_PAGE, 80, {
          tbtMs: 700,
          over20Kb: ['unused-javascript: /bench-bare/hls.light.min.js (49 KB)'],
        }),
      ],
    });
    expect(goals.map((goal) => goal.name)).toEqual([
      'Home JavaScript, gzip',
      'Lighthouse mobile, video page (median of 3)',
    ]);
    expect(goals[1]).toMatchObject({
      met: true,
      measured:
        '91 (LCP 1500 ms, CLS 0, TBT 700 ms). Bare hls.js page, same stream and poster: 80 (LCP 1500 ms, CLS 0, TBT 700 ms); over 20 KB: unused-javascript: /bench-bare/hls.light.min.js (49 KB)',
    });
  });

  it("names React's and hls.js's unused bytes as the stack's floor without failing on them, and fails on any other", () => {
    const floor = [
      'unused-javascript: /assets/react-C1iE8mnY.js (58 KB)',
      'unused-javascript: /assets/early-player-C4VPmbFT.js (51 KB)',
    ];
    const video = (over20Kb: string[]) =>
      deliveryGoals({ ...delivery([], 1), lighthouse: [lighthouseRow('video page', 92, { over20Kb })] })[1]!;
    expect(video(floor)).toMatchObject({
      met: true,
      measured: `92 (LCP 1500 ms, CLS 0, TBT 100 ms); the stack's floor (not judged): ${floor.join('; ')}`,
    });
    expect(video([...floor, 'unused-javascript: /assets/libs-DJahr6lA.js (21 KB)']).met).toBe(false);
    expect(video(['render-blocking-resources: /assets/react-C1iE8mnY.js (58 KB)']).met).toBe(false);
  });

  it('the first frame is judged against the bare hls.js page of the same run, and fails without one', () => {
    const summary = (p50: number) => ({ n: 7, p50, p95: p50, p99: p50, max: p50 });
    const at = '2026-11-23T00:00:00.000Z';
    const ratio = (ours: number, bare?: number) =>
      playbackGoals({
        at,
        playback: {
          firstFrame: summary(ours),
          swipeToFrame: summary(80),
          ...(bare ? { bareFirstFrame: summary(bare) } : {}),
        },
      })[0]?.met;
    expect(ratio(360, 300)).toBe(true);
    expect(ratio(361, 300)).toBe(false);
    expect(ratio(100)).toBe(false);
  });
});

describe('the media rows judge the origin and the edge against nginx serving the same file', () => {
  const row = (name: string, requestsPerSecond: number) => ({
    name,
    requestsPerSecond,
    megabytesPerSecond: 1,
    p99: 9,
    non2xx: 0,
    load: 'load 0.1',
  });
  const file = (origin: number, edge?: { ratio: number; hitShare: number; non2xx?: number }): MediaFile => ({
    at: '2026-11-29T09:45:00.000Z',
    fileBytes: 120 * 1024,
    nginxWorkers: 1,
    rounds: [[row('nginx static', 1000), row('origin media route', origin * 1000), row('edge cache hit', 900)]],
    origin: { ratio: origin, p99: 9, non2xx: 0 },
    ...(edge ? { edge: { p99: 5, non2xx: 0, ...edge } } : {}),
  });

  it('the origin needs half of nginx, the edge four fifths with every answer a hit', () => {
    expect(mediaGoals(file(0.5, { ratio: 0.8, hitShare: 1 })).map((g) => g.met)).toEqual([true, true]);
    expect(mediaGoals(file(0.49, { ratio: 0.79, hitShare: 1 })).map((g) => g.met)).toEqual([false, false]);
    expect(mediaGoals(file(0.6, { ratio: 0.9, hitShare: 0.95 }))[1]?.met).toBe(false);
    expect(mediaGoals(file(0.6, { ratio: 0.9, hitShare: 1, non2xx: 1 }))[1]?.met).toBe(false);
    expect(mediaGoals(file(0.6, { ratio: 0.9, hitShare: 1 }))[0]?.measured).toBe('0.60× (600 vs 1000 req/s), p99 9 ms');
  });

  it('an edge not measured is a row that fails, saying so', () => {
    expect(mediaGoals(file(0.7))[1]).toMatchObject({ met: false, measured: expect.stringContaining('not measured') });
  });

  it('the hit ratio counts only answers that carried a cache status', () => {
    expect(hitRatio({ HIT: 95, MISS: 5, none: 40 })).toBe(0.95);
    expect(hitRatio({ none: 40 })).toBeUndefined();
  });
});
