import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { deriveMediaSigningKey } from '../../media/signing/media-signing-key.js';
import { MediaTokenSigner } from '../../media/signing/media-token.js';
import { DramaViewerRepository } from '../../repositories/drama-viewer.repository.js';
import { DramasRepository } from '../../repositories/dramas.repository.js';
import { EpisodePlaysRepository } from '../../repositories/episode-plays.repository.js';
import { EpisodesRepository } from '../../repositories/episodes.repository.js';
import { PlayContextRepository } from '../../repositories/play-context.repository.js';
import type { SessionService } from '../auth/session.service.js';
import type { CatalogChanges } from './catalog-changes.js';
import { CatalogService } from './catalog.service.js';
import { ChartsRepository } from '../../repositories/charts.repository.js';
import { ChartsRefreshService } from '../charts/charts-refresh.service.js';
import { ChartsService } from '../charts/charts.service.js';
import { PublicAnswerCache } from './public-answer-cache.js';
import { PlaybackService } from './playback.service.js';
import { PlayRecorder } from './play-recorder.js';
import { ViewerLoader, type PendingProgress } from './viewer.js';

export type CatalogServices = ReturnType<typeof createCatalogServices>;

/**
 * How stale a public catalogue answer may be, in seconds. Imports and the demo seed clear the
 * cache at once; this bounds how late hits and likes show up (docs/architecture.md#delivery).
 */
export const PUBLIC_ANSWER_TTL_S = 5;
/** Entries kept at most: home and list pages per language, a drama's public part per drama. */
const PUBLIC_ANSWER_MAX_ENTRIES = 2000;

export interface CatalogServicesDeps {
  db: Db;
  config: Pick<ServerConfig, 'mediaBaseUrl' | 'mediaTokenKeys'>;
  clock: Clock;
  /** AUTH_SECRET (or the generated one); without MEDIA_TOKEN_KEYS the media key is derived from it. */
  secret: Buffer;
  log: Pick<FastifyBaseLogger, 'error'>;
  changes: CatalogChanges;
  /** Decides whether a session joined into a drama-page or play read may be used. */
  sessions: Pick<SessionService, 'check' | 'resolve'>;
  /** Progress saves not yet written: a drama page and a play resume from them. */
  pendingProgress?: PendingProgress;
}

/** The catalogue, playback and media signing, sharing one set of repositories. */
export function createCatalogServices(deps: CatalogServicesDeps) {
  const { db, config, clock, secret, log, changes, sessions, pendingProgress } = deps;
  const mediaTokens = new MediaTokenSigner({
    keys: config.mediaTokenKeys ?? [
      { kid: 'k0', secret: deriveMediaSigningKey(secret).toString('base64url'), from: 0 },
    ],
    clock,
  });
  const dramas = new DramasRepository(db);
  const cache = new PublicAnswerCache({
    clock,
    ttlMs: PUBLIC_ANSWER_TTL_S * 1000,
    maxEntries: PUBLIC_ANSWER_MAX_ENTRIES,
    // A scheduled drama appears at its time in every process, with no change published.
    nextRelease: (now) => dramas.nextReleaseAfter(now),
  });
  // Publishing, unpublishing and rescheduling are catalogue changes like an import.
  changes.subscribe(() => cache.clear());
  const shared = {
    dramas,
    episodes: new EpisodesRepository(db),
    viewers: new ViewerLoader({ dramaViewer: new DramaViewerRepository(db), sessions, clock, pendingProgress }),
    mediaBaseUrl: config.mediaBaseUrl,
  };
  const playRecorder = new PlayRecorder({ plays: new EpisodePlaysRepository(db), log });
  return {
    /** The expiring tokens that open an episode's files (docs/media.md#playback). */
    mediaTokens,
    /** Say "the catalogue changed" here after an import or an editorial change (every process hears it). */
    catalogChanges: changes,
    catalog: new CatalogService({ ...shared, clock, cache, publicMaxAgeS: PUBLIC_ANSWER_TTL_S }),
    playback: new PlaybackService({
      context: new PlayContextRepository(db),
      cache,
      viewers: shared.viewers,
      plays: playRecorder,
      tokens: mediaTokens,
      mediaBaseUrl: config.mediaBaseUrl,
      clock,
    }),
    /** Plays and hits, written in batches after the answer; flushed on close. */
    playRecorder,
    /** The home charts, from memory like home (docs/product.md#charts). */
    charts: new ChartsService({
      charts: new ChartsRepository(db),
      cache,
      clock,
      mediaBaseUrl: config.mediaBaseUrl,
      publicMaxAgeS: PUBLIC_ANSWER_TTL_S,
    }),
    /** Counts the charts (the `charts-refresh` job). */
    chartsRefresh: new ChartsRefreshService({ db, clock }),
  };
}
