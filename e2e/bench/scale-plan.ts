/**
 * The capacity plan of docs/scale.md, worked out from what `npm run bench -- scale` measured and a
 * named set of assumptions: every figure of the plan is one of these formulas, so a new run (or a
 * changed assumption) gives the new plan by running the bench again.
 *
 * The simulated viewers watch the demo catalogue, whose episodes last 6 s, so their own rates per
 * viewer-minute (a play every few seconds) would overstate everything tied to an episode fifteen
 * times. The plan therefore takes what each kind of request costs (measured one kind at a time) and
 * multiplies it by how often a viewer of real 1–3 minute episodes sends it.
 */

/** The HLS ladder the import produces (apps/server/src/media/transcode/hls-ladder.ts), video + audio kb/s. */
const LADDER_KBPS = { hd: 2200 + 128, sd: 1200 + 96 } as const;
/** The ladder's segment length, seconds. */
const SEGMENT_S = 4;

export const API_KINDS = ['signin', 'drama', 'play', 'progress'] as const;
export type ApiKind = (typeof API_KINDS)[number];

export interface Assumptions {
  dailyViewers: number;
  /** Sessions a daily viewer opens in a day. */
  sessionsPerViewer: number;
  minutesPerSession: number;
  /** The busiest hour's concurrent viewers ÷ the day's average. */
  peakFactor: number;
  /** Share of viewers signed in (they save progress); the rest watch free episodes as visitors. */
  signedInShare: number;
  /** Sign-ins per session (most sessions reuse a saved session; a new phone or a new device signs in). */
  signInsPerSession: number;
  /** Episodes watched per drama page opened (the player swipes on within a drama). */
  episodesPerDramaPage: number;
  /** Progress saves: every this many seconds while playing, and once per episode on leaving (as the web does). */
  progressEveryS: number;
  /** Share of playback on the HD rendition (the rest SD). */
  hdShare: number;
  /** Share of media requests a CDN answers from its cache. */
  cdnHitRatio: number;
  /** A process, a database or a Redis planned to run at this share of what it was measured to carry. */
  headroom: number;
  /** PostgreSQL connections each API process may open (DATABASE_POOL_SIZE). */
  poolPerProcess: number;
  catalogue: { dramas: number; episodesPerDrama: number; episodeMinutes: number };
  /** How long episode_plays rows are kept before they are rolled up and removed. */
  playsRetentionDays: number;
}

export const ASSUMPTIONS: Assumptions = {
  dailyViewers: 1_000_000,
  sessionsPerViewer: 1.5,
  minutesPerSession: 20,
  peakFactor: 3,
  signedInShare: 0.6,
  signInsPerSession: 0.05,
  episodesPerDramaPage: 5,
  progressEveryS: 5,
  hdShare: 0.7,
  cdnHitRatio: 0.95,
  headroom: 0.5,
  poolPerProcess: 10,
  catalogue: { dramas: 2_000, episodesPerDrama: 60, episodeMinutes: 1.5 },
  playsRetentionDays: 90,
};

/** What one request of a kind cost, measured one kind at a time on one API process. */
export interface RequestCost {
  /** PostgreSQL transactions committed (reads in autocommit count as well). */
  commits: number;
  /** Rows inserted, updated or deleted. */
  rowWrites: number;
  redisCommands: number;
  /** The API process's CPU, milliseconds. */
  cpuMs: number;
}

export interface Measured {
  perRequest: Record<ApiKind, RequestCost>;
  /** Seconds of video fetched per second watched (prefetch a swipe leaves unplayed). */
  fetchedPerWatched: number;
  /** What one episode_plays row costs on disk with its indexes. */
  playRowBytes: number;
  /** API requests/s one process answered within the p95 bound (the viewers' mix); NaN when no load tried did. */
  apiProcessRps: number;
  pgbenchTps: number;
  redisOpsPerSecond: number;
  /** CPU seconds an API process spends per GB of video it serves itself (no edge). */
  originCpuSecondsPerGB: number;
}

export interface PlanRow {
  what: string;
  value: string;
  how: string;
}

/** How often a viewer of the assumed catalogue sends each kind of API request, per minute of watching. */
export function requestsPerViewerMinute(a: Assumptions): Record<ApiKind, number> {
  const plays = 1 / a.catalogue.episodeMinutes;
  return {
    signin: (2 * a.signInsPerSession) / a.minutesPerSession,
    drama: plays / a.episodesPerDramaPage,
    play: plays,
    progress: a.signedInShare * (60 / a.progressEveryS + plays),
  };
}

const fmt = (x: number, digits = 0) =>
  Number.isFinite(x)
    ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';

export function capacityPlan(m: Measured, a: Assumptions = ASSUMPTIONS): PlanRow[] {
  const rates = requestsPerViewerMinute(a);
  const perViewerMinute = (cost: keyof RequestCost) =>
    API_KINDS.reduce((sum, kind) => sum + rates[kind] * m.perRequest[kind][cost], 0);
  const apiPerViewerMinute = API_KINDS.reduce((sum, kind) => sum + rates[kind], 0);
  const viewerMinutesPerDay = a.dailyViewers * a.sessionsPerViewer * a.minutesPerSession;
  const averageConcurrent = viewerMinutesPerDay / (24 * 60);
  const peakConcurrent = averageConcurrent * a.peakFactor;
  const peakPerSecond = (perMinute: number) => (peakConcurrent * perMinute) / 60;
  const peakApiRps = peakPerSecond(apiPerViewerMinute);
  const apiByRequests = Math.ceil(peakApiRps / (m.apiProcessRps * a.headroom));
  const peakApiCores = peakPerSecond(perViewerMinute('cpuMs')) / 1000;
  const apiByCpu = Math.ceil(peakApiCores / a.headroom);
  // Sized by CPU, which per request a busy host moves little; the latency-bound figure a busy host
  // moves most is shown beside it. Two at least, so one can restart or fail while the other serves.
  const processes = Math.max(2, apiByCpu);
  const peakCommits = peakPerSecond(perViewerMinute('commits'));
  const peakRowWrites = peakPerSecond(perViewerMinute('rowWrites'));
  const peakRedis = peakPerSecond(perViewerMinute('redisCommands'));
  const kbps = a.hdShare * LADDER_KBPS.hd + (1 - a.hdShare) * LADDER_KBPS.sd;
  const bytesPerViewerMinute = ((kbps * 1000) / 8) * 60 * m.fetchedPerWatched;
  const egressPerDay = viewerMinutesPerDay * bytesPerViewerMinute;
  const peakBytesPerSecond = peakPerSecond(bytesPerViewerMinute);
  const mediaPerViewerMinute = 2 / a.catalogue.episodeMinutes + (60 / SEGMENT_S) * m.fetchedPerWatched;
  const playRowsPerDay = viewerMinutesPerDay * rates.play;
  const catalogueMinutes = a.catalogue.dramas * a.catalogue.episodesPerDrama * a.catalogue.episodeMinutes;
  // HD and SD renditions, plus download.mp4, a remux of SD.
  const storedKbps = LADDER_KBPS.hd + 2 * LADDER_KBPS.sd;
  const catalogueBytes = catalogueMinutes * 60 * ((storedKbps * 1000) / 8);
  const TB = 1e12;
  const GB = 1e9;
  return [
    {
      what: 'Viewer-minutes a day',
      value: fmt(viewerMinutesPerDay),
      how: `${fmt(a.dailyViewers)} viewers × ${a.sessionsPerViewer} sessions × ${a.minutesPerSession} min`,
    },
    {
      what: 'Concurrent viewers, average / peak',
      value: `${fmt(averageConcurrent)} / ${fmt(peakConcurrent)}`,
      how: `viewer-minutes ÷ 1,440; peak × ${a.peakFactor}`,
    },
    {
      what: 'API requests per viewer-minute',
      value: fmt(apiPerViewerMinute, 2),
      how: API_KINDS.map((kind) => `${kind} ${fmt(rates[kind], 2)}`).join(', '),
    },
    {
      what: 'API requests/s at peak',
      value: fmt(peakApiRps),
      how: 'peak viewers × requests per viewer-minute ÷ 60',
    },
    {
      what: 'API processes (one core each)',
      value: fmt(processes),
      how: `CPU: ${fmt(peakApiCores, 1)} cores at peak ÷ ${a.headroom}, at least 2. By latency: ${
        Number.isFinite(m.apiProcessRps)
          ? `one process kept p95 within 50 ms up to ${fmt(m.apiProcessRps)} req/s on the measuring host, which would take ${fmt(apiByRequests)}`
          : 'no load tried kept one process within p95 50 ms on the measuring host'
      }`,
    },
    {
      what: 'Viewers 2 API cores carry',
      value: fmt((2 * peakConcurrent) / peakApiCores),
      how: `2 cores ÷ ${fmt((peakApiCores / peakConcurrent) * 1000, 2)} cores per 1,000 viewers of ${a.catalogue.episodeMinutes}-minute episodes, video from the CDN, cores fully used`,
    },
    {
      what: 'PostgreSQL at peak',
      value: `${fmt(peakCommits)} commits/s, ${fmt(peakRowWrites)} row writes/s`,
      how: `${fmt(perViewerMinute('commits'), 2)} commits and ${fmt(perViewerMinute('rowWrites'), 2)} row writes per viewer-minute; commits ${fmt((peakCommits / m.pgbenchTps) * 100)} % of one server's pgbench ${fmt(m.pgbenchTps)} tps`,
    },
    {
      what: 'PostgreSQL connections',
      value: fmt(processes * a.poolPerProcess),
      how: `${fmt(processes)} processes × DATABASE_POOL_SIZE ${a.poolPerProcess}; max_connections above it with room for the worker and administration`,
    },
    {
      what: 'episode_plays growth',
      value: `${fmt((playRowsPerDay * m.playRowBytes) / GB, 1)} GB a day, ${fmt((playRowsPerDay * m.playRowBytes * a.playsRetentionDays) / GB)} GB over ${a.playsRetentionDays} days`,
      how: `${fmt(playRowsPerDay)} plays a day (one row per viewer, episode and day) × ${fmt(m.playRowBytes)} bytes with indexes`,
    },
    {
      what: 'Redis at peak',
      value: `${fmt(peakRedis)} commands/s`,
      how: `${fmt(perViewerMinute('redisCommands'), 2)} per viewer-minute; ${fmt((peakRedis / m.redisOpsPerSecond) * 100, 1)} % of one Redis's ${fmt(m.redisOpsPerSecond)} ops/s`,
    },
    {
      what: 'Video egress (CDN)',
      value: `${fmt(egressPerDay / TB, 1)} TB a day, ${fmt((egressPerDay * 30) / TB)} TB a month; ${fmt((peakBytesPerSecond * 8) / GB, 1)} Gb/s at peak`,
      how: `${fmt(kbps)} kb/s (${a.hdShare * 100} % HD at ${LADDER_KBPS.hd}, SD at ${LADDER_KBPS.sd}) × ${fmt(m.fetchedPerWatched, 2)} fetched per second watched`,
    },
    {
      what: 'Media requests/s at the CDN at peak',
      value: fmt(peakPerSecond(mediaPerViewerMinute)),
      how: `${fmt(mediaPerViewerMinute, 1)} per viewer-minute: two playlists per episode and a ${SEGMENT_S} s segment per ${SEGMENT_S} s fetched`,
    },
    {
      what: 'Origin egress (CDN misses)',
      value: `${fmt((egressPerDay * (1 - a.cdnHitRatio)) / TB, 2)} TB a day`,
      how: `${fmt((1 - a.cdnHitRatio) * 100)} % of the egress at a ${a.cdnHitRatio * 100} % hit ratio`,
    },
    {
      what: 'The same video from the API processes (no CDN)',
      value: `${fmt((peakBytesPerSecond / GB) * m.originCpuSecondsPerGB)} more cores at peak`,
      how: `${fmt(peakBytesPerSecond / GB, 1)} GB/s × ${fmt(m.originCpuSecondsPerGB, 1)} CPU seconds per GB the media route served`,
    },
    {
      what: 'Object storage for the catalogue',
      value: `${fmt(catalogueBytes / TB, 2)} TB`,
      how: `${fmt(a.catalogue.dramas)} dramas × ${a.catalogue.episodesPerDrama} episodes × ${a.catalogue.episodeMinutes} min at HD + SD + download.mp4 (${fmt(storedKbps)} kb/s)`,
    },
  ];
}
