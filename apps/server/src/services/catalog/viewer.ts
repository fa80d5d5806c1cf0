import type { Clock } from '../../lib/clock.js';
import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';
import type { DramaViewerRepository, WatchProgress } from '../../repositories/drama-viewer.repository.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { SessionService } from '../auth/session.service.js';
import { isVipActive, VISITOR_ENTITLEMENT, type ViewerEntitlement } from './entitlement.js';

/** The person asking: a visitor (userId null) or a signed-in user with VIP state and balance. */
export interface Viewer {
  userId: number | null;
  vip: boolean;
  coin: number;
}

export const VISITOR: Viewer = { userId: null, vip: false, coin: 0 };

/** Progress this process accepted and has not written yet (social/progress-batcher.ts). */
export interface PendingProgress {
  pendingIn(userId: number, dramaId: number): WatchProgress | undefined;
}

export interface ViewerLoaderDeps {
  dramaViewer: DramaViewerRepository;
  sessions: Pick<SessionService, 'check' | 'resolve'>;
  clock: Clock;
  /** Newer than the database's row: a viewer resumes where they saved a moment ago. */
  pendingProgress?: PendingProgress | undefined;
}

/** A viewer and everything they hold and did in one drama. */
export interface ViewerInDrama {
  viewer: Viewer;
  entitlement: ViewerEntitlement;
  favorited: boolean;
  progress: WatchProgress | undefined;
  /** Whether they like the episode asked about (false when none was). */
  liked: boolean;
}

/** A visitor holds nothing and did nothing. */
export const VISITOR_IN_DRAMA: ViewerInDrama = {
  viewer: VISITOR,
  entitlement: VISITOR_ENTITLEMENT,
  favorited: false,
  progress: undefined,
  liked: false,
};

/** Resolves the viewer of a request and what they hold in one drama. */
export class ViewerLoader {
  constructor(private readonly deps: ViewerLoaderDeps) {}

  /**
   * Throws the session-invalid code a token gets on any signed-in route, if any: asked before
   * a missing drama or episode is reported, as the auth plugin would have.
   */
  async assertSession(token: string): Promise<void> {
    await this.deps.sessions.resolve(token);
  }

  /**
   * The viewer behind a presented token and their facts in one drama, read fresh in the same
   * statement as the session (never cached). The session's rules are the session service's: an
   * unknown, expired or revoked token answers as it would on any other route.
   */
  async inDrama(
    token: string,
    drama: { id: number; episodeIds: readonly number[] },
    episodeId?: number,
  ): Promise<ViewerInDrama> {
    const hash = sha256Hex(token);
    const { session, facts } = await this.deps.dramaViewer.factsBySession(hash, drama, episodeId);
    const { userId } = await this.deps.sessions.check(hash, session);
    // A live session whose account was deleted between the statement's reads.
    if (!facts) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    const vip = isVipActive(facts.vipExpiresAt, this.deps.clock());
    return {
      viewer: { userId, vip, coin: facts.coin },
      entitlement: vip
        ? { vip: true, unlockedEpisodeIds: new Set() }
        : { vip: false, unlockedEpisodeIds: new Set(facts.unlockedEpisodeIds) },
      favorited: facts.favorited,
      progress: this.deps.pendingProgress?.pendingIn(userId, drama.id) ?? facts.progress,
      liked: facts.liked,
    };
  }
}
