import type { Clock } from '../../lib/clock.js';
import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';
import type { DramaViewerRepository, WatchProgress } from '../../repositories/drama-viewer.repository.js';
import { isVipActive, type ViewerEntitlement } from './entitlement.js';

/** The person asking: a visitor (userId null) or a signed-in user with VIP state and balance. */
export interface Viewer {
  userId: number | null;
  vip: boolean;
  coin: number;
}

export const VISITOR: Viewer = { userId: null, vip: false, coin: 0 };

export interface ViewerLoaderDeps {
  dramaViewer: DramaViewerRepository;
  clock: Clock;
}

/** A viewer and everything they hold and did in one drama. */
export interface ViewerInDrama {
  viewer: Viewer;
  entitlement: ViewerEntitlement;
  favorited: boolean;
  progress: WatchProgress | undefined;
}

/** Resolves the viewer of a request and what they hold in one drama. */
export class ViewerLoader {
  constructor(private readonly deps: ViewerLoaderDeps) {}

  /** A signed-in viewer's facts in one drama, read fresh in one statement (never cached). */
  async inDrama(userId: number, dramaId: number): Promise<ViewerInDrama> {
    const facts = await this.deps.dramaViewer.facts(userId, dramaId);
    // The same answer as getActive: the account was deleted after the token was resolved.
    if (!facts) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    const vip = isVipActive(facts.vipExpiresAt, this.deps.clock());
    return {
      viewer: { userId, vip, coin: facts.coin },
      entitlement: vip
        ? { vip: true, unlockedEpisodeIds: new Set() }
        : { vip: false, unlockedEpisodeIds: new Set(facts.unlockedEpisodeIds) },
      favorited: facts.favorited,
      progress: facts.progress,
    };
  }
}
