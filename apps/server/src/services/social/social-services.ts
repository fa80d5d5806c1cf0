import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { SocialTargetsRepository } from '../../repositories/social-targets.repository.js';
import type { SessionService } from '../auth/session.service.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { UserService } from '../user.service.js';
import { CommentsService } from './comments.service.js';
import { FavoritesService } from './favorites.service.js';
import { HistoryService, type ProgressListener } from './history.service.js';
import { LikesService } from './likes.service.js';
import type { ProgressBatcher } from './progress-batcher.js';

/** Comments, likes, favourites and history, reached as `app.services.social.<name>`. */
export type SocialServices = ReturnType<typeof createSocialServices>;

export interface SocialServicesDeps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  users: Pick<UserService, 'getActive'>;
  mediaBaseUrl: string;
  /** Judges the session PUT /history reads in its own statement. */
  sessions: Pick<SessionService, 'check'>;
  /** Accepted progress saves wait here for their batch; the catalogue's reads see them too. */
  progressSaves: ProgressBatcher;
  /** Told about saved watch progress (the watch-video task). */
  progressListener?: ProgressListener | undefined;
}

export function createSocialServices(deps: SocialServicesDeps) {
  const { db, clock, rateLimiter, users, mediaBaseUrl, sessions, progressSaves, progressListener } = deps;
  const targets = new SocialTargetsRepository(db);
  return {
    comments: new CommentsService({ db, targets, rateLimiter, users, clock, mediaBaseUrl }),
    likes: new LikesService({ db, targets, clock }),
    favorites: new FavoritesService({ db, targets, clock, mediaBaseUrl }),
    history: new HistoryService({ db, sessions, saves: progressSaves, clock, mediaBaseUrl, progressListener }),
    /** Progress saves written after their answers, in batches; flushed on close. */
    progressSaves,
  };
}
