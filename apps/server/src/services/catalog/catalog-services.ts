import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { deriveMediaSigningKey } from '../../media/signing/media-signing-key.js';
import { MediaUrlSigner } from '../../media/signing/media-url-signer.js';
import { DramaViewerRepository } from '../../repositories/drama-viewer.repository.js';
import { DramasRepository } from '../../repositories/dramas.repository.js';
import { EpisodePlaysRepository } from '../../repositories/episode-plays.repository.js';
import { EpisodesRepository } from '../../repositories/episodes.repository.js';
import { PlayContextRepository } from '../../repositories/play-context.repository.js';
import type { SessionService } from '../auth/session.service.js';
import type { CatalogChanges } from './catalog-changes.js';
import { CatalogService } from './catalog.service.js';
import { PublicAnswerCache } from './public-answer-cache.js';
import { PlaybackService } from './playback.service.js';
import { PlayRecorder } from './play-recorder.js';
import { ViewerLoader } from './viewer.js';

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
  config: Pick<ServerConfig, 'mediaBaseUrl'>;
  clock: Clock;
  /** AUTH_SECRET (or the generated one); the media key is derived from it. */
  secret: Buffer;
  log: Pick<FastifyBaseLogger, 'error'>;
  changes: CatalogChanges;
  /** Decides whether a session joined into a drama-page or play read may be used. */
  sessions: Pick<SessionService, 'check' | 'resolve'>;
}

/** The catalogue, playback and media signing, sharing one set of repositories. */
export function createCatalogServices({ db, config, clock, secret, log, changes, sessions }: CatalogServicesDeps) {
  const mediaSigner = new MediaUrlSigner({ secret: deriveMediaSigningKey(secret), clock });
  const cache = new PublicAnswerCache({
    clock,
    ttlMs: PUBLIC_ANSWER_TTL_S * 1000,
    maxEntries: PUBLIC_ANSWER_MAX_ENTRIES,
  });
  changes.subscribe(() => cache.clear());
  const shared = {
    dramas: new DramasRepository(db),
    episodes: new EpisodesRepository(db),
    viewers: new ViewerLoader({ dramaViewer: new DramaViewerRepository(db), sessions, clock }),
    mediaBaseUrl: config.mediaBaseUrl,
  };
  const playRecorder = new PlayRecorder({ plays: new EpisodePlaysRepository(db), log });
  return {
    /** Expiring HMAC signatures of media URLs, under a key derived from AUTH_SECRET (docs/media.md#playback). */
    mediaSigner,
    /** Say "the catalogue changed" here after an import or an editorial change (every process hears it). */
    catalogChanges: changes,
    catalog: new CatalogService({ ...shared, cache, publicMaxAgeS: PUBLIC_ANSWER_TTL_S }),
    playback: new PlaybackService({
      context: new PlayContextRepository(db),
      cache,
      viewers: shared.viewers,
      plays: playRecorder,
      signer: mediaSigner,
      mediaBaseUrl: config.mediaBaseUrl,
      clock,
    }),
    /** Plays and hits, written in batches after the answer; flushed on close. */
    playRecorder,
  };
}
