import { Code } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { WalletUsersRepository } from '../../repositories/wallet-users.repository.js';

const DAY_MS = 86_400_000;
export const MAX_VIP_GRANT_DAYS = 3650;

export interface VipServiceDeps {
  db: Db;
  clock: Clock;
  users: WalletUsersRepository;
}

/**
 * VIP entitlement (issue 5): users.vip_expires_at, which the catalogue already honours. Buying
 * VIP is the payments issue; this is the grant that purchases, tests, seeds and support use.
 */
export class VipService {
  constructor(private readonly deps: VipServiceDeps) {}

  /** Extends VIP by `days` from its current end, or from now when it is not active. */
  async grant(userId: number, days: number): Promise<Date> {
    if (!Number.isSafeInteger(days) || days < 1 || days > MAX_VIP_GRANT_DAYS) {
      throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
        fields: [{ field: 'days', message: `must be a whole number from 1 to ${MAX_VIP_GRANT_DAYS}` }],
      });
    }
    return this.deps.db.transaction(async (tx) => {
      const holder = await this.deps.users.lock(userId, tx);
      if (!holder || holder.deletedAt) throw new AppError(Code.NOT_FOUND, 'User not found');
      const now = this.deps.clock().getTime();
      const from = Math.max(now, holder.vipExpiresAt?.getTime() ?? 0);
      const until = new Date(from + days * DAY_MS);
      await this.deps.users.setVipExpiresAt(userId, until, tx);
      return until;
    });
  }
}
