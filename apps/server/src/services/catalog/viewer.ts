import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { EntitlementsRepository } from '../../repositories/entitlements.repository.js';
import type { UserService } from '../user.service.js';
import { isVipActive, VISITOR_ENTITLEMENT, type ViewerEntitlement } from './entitlement.js';

/** The person asking: a visitor (userId null) or a signed-in user with VIP state and balance. */
export interface Viewer {
  userId: number | null;
  vip: boolean;
  coin: number;
}

export const VISITOR: Viewer = { userId: null, vip: false, coin: 0 };

export interface ViewerLoaderDeps {
  users: UserService;
  entitlements: EntitlementsRepository;
  clock: Clock;
}

/** Resolves the viewer of a request and what they hold in one drama. */
export class ViewerLoader {
  constructor(private readonly deps: ViewerLoaderDeps) {}

  async load(userId: number | null, tx?: Db): Promise<Viewer> {
    if (userId === null) return VISITOR;
    const user = await this.deps.users.getActive(userId, tx);
    return { userId, vip: isVipActive(user.vipExpiresAt, this.deps.clock()), coin: user.coin };
  }

  /** VIP state and the unlocked episodes of this drama (VIP needs no lookup: everything plays). */
  async entitlement(viewer: Viewer, dramaId: number, tx?: Db): Promise<ViewerEntitlement> {
    if (viewer.userId === null) return VISITOR_ENTITLEMENT;
    if (viewer.vip) return { vip: true, unlockedEpisodeIds: new Set() };
    return {
      vip: false,
      unlockedEpisodeIds: await this.deps.entitlements.unlockedEpisodeIds(viewer.userId, dramaId, tx),
    };
  }
}
