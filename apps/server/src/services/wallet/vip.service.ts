import { Code } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { VipEntryRow } from '../../db/payments.schema.js';
import type { VipEntriesRepository } from '../../repositories/vip-entries.repository.js';
import type { WalletUsersRepository } from '../../repositories/wallet-users.repository.js';
import { ledgerKeys } from './ledger-keys.js';

const DAY_S = 86_400;
const MAX_VIP_GRANT_DAYS = 3650;

export interface VipServiceDeps {
  db: Db;
  clock: Clock;
  users: WalletUsersRepository;
  entries: VipEntriesRepository;
}

/** One change of a user's VIP time, of the VIP ledger kinds `K`. */
export interface VipChange<K extends VipEntryRow['kind']> {
  userId: number;
  kind: K;
  /** Extending: seconds added, > 0. Taking back: at most this many are removed, never past now. */
  seconds: number;
  /** Unique per user: a repeat is replayed, not applied (ledger-keys.ts, e.g. `vip:stripe:in_…`). */
  key: string;
  orderId?: number | null;
  ref?: string | null;
}

/** An extension that may not reach past a given end (what a provider says the payment covers). */
export interface VipExtension extends VipChange<'purchase' | 'renewal' | 'grant'> {
  /** The extended end is cut to this; nothing is added when VIP already runs to it. */
  notAfter?: Date;
}

export interface VipResult {
  /** users.vip_expires_at after the call. */
  expiresAt: Date | null;
  /** Seconds this call actually changed (0 for a replay or nothing left to take). */
  seconds: number;
  replayed: boolean;
}

/**
 * VIP entitlement: users.vip_expires_at, which the catalogue honours, is the projection of the
 * append-only VIP ledger (vip_entries) and this service its only writer. Like the wallet, each
 * call row-locks the user first, so one user's VIP changes apply one at a time, and each change
 * carries a key that makes a retry harmless.
 */
export class VipService {
  constructor(private readonly deps: VipServiceDeps) {}

  /** The user's VIP expiry as the wallet holds it; undefined for no such user. */
  holderOf(userId: number): Promise<{ vipExpiresAt: Date | null } | undefined> {
    return this.deps.users.find(userId);
  }

  /** The user's VIP ledger entry under `key`, if any (a repeat's earlier grant). */
  entryByKey(userId: number, key: string, tx?: Db): Promise<VipEntryRow | undefined> {
    return this.deps.entries.findByKey(userId, key, tx);
  }

  private inTx<T>(tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
    return tx ? work(tx) : this.deps.db.transaction((own) => work(own));
  }

  /**
   * Extends VIP by `seconds` from its current end, or from now when it is not active, but never
   * past `notAfter`. When nothing is left to add, nothing is written (the entry's key included).
   */
  extend(change: VipExtension, tx?: Db): Promise<VipResult> {
    if (!Number.isSafeInteger(change.seconds) || change.seconds < 1) {
      throw new Error(`VIP extension of ${change.seconds} s`);
    }
    return this.inTx(tx, async (t) => {
      const holder = await this.deps.users.lock(change.userId, t);
      if (!holder || holder.deletedAt) throw new AppError(Code.NOT_FOUND, 'User not found');
      const repeat = await this.deps.entries.findByKey(holder.id, change.key, t);
      if (repeat) return { expiresAt: holder.vipExpiresAt, seconds: 0, replayed: true };
      const now = this.deps.clock().getTime();
      const from = Math.max(now, holder.vipExpiresAt?.getTime() ?? 0);
      const end = Math.min(from + change.seconds * 1000, change.notAfter?.getTime() ?? Infinity);
      // Whole seconds, as the ledger counts them.
      const seconds = Math.floor((end - from) / 1000);
      if (seconds < 1) return { expiresAt: holder.vipExpiresAt, seconds: 0, replayed: false };
      const until = new Date(from + seconds * 1000);
      await this.deps.users.setVipExpiresAt(holder.id, until, t);
      await this.deps.entries.insert(
        {
          userId: holder.id,
          kind: change.kind,
          seconds,
          expiresAfter: until,
          idempotencyKey: change.key,
          orderId: change.orderId ?? null,
          ref: change.ref ?? null,
          createdAt: new Date(now),
        },
        t,
      );
      return { expiresAt: until, seconds, replayed: false };
    });
  }

  /**
   * Takes back up to `seconds` of VIP that is still ahead (a refund, a dispute, a subscription
   * ended early). Time already enjoyed is never taken: the end never moves before now.
   */
  takeBack(change: VipChange<'reversal' | 'subscription_end'>, tx?: Db): Promise<VipResult> {
    return this.inTx(tx, async (t) => {
      const holder = await this.deps.users.lock(change.userId, t);
      if (!holder) throw new AppError(Code.NOT_FOUND, 'User not found');
      const repeat = await this.deps.entries.findByKey(holder.id, change.key, t);
      if (repeat) return { expiresAt: holder.vipExpiresAt, seconds: 0, replayed: true };
      const nowDate = this.deps.clock();
      const now = nowDate.getTime();
      const end = holder.vipExpiresAt?.getTime() ?? now;
      const ahead = Math.max(0, Math.floor((end - now) / 1000));
      const removed = Math.min(ahead, Math.max(0, Math.floor(change.seconds)));
      const until = removed > 0 ? new Date(end - removed * 1000) : holder.vipExpiresAt;
      if (removed > 0 && until) await this.deps.users.setVipExpiresAt(holder.id, until, t);
      await this.deps.entries.insert(
        {
          userId: holder.id,
          kind: change.kind,
          seconds: -removed,
          expiresAfter: until ?? nowDate,
          idempotencyKey: change.key,
          orderId: change.orderId ?? null,
          ref: change.ref ?? null,
          createdAt: nowDate,
        },
        t,
      );
      return { expiresAt: until, seconds: removed, replayed: false };
    });
  }

  /** Support and tests: extends VIP by `days` (CLI `npm run wallet -- grant-vip`). */
  async grant(userId: number, days: number): Promise<Date> {
    if (!Number.isSafeInteger(days) || days < 1 || days > MAX_VIP_GRANT_DAYS) {
      throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
        fields: [{ field: 'days', message: `must be a whole number from 1 to ${MAX_VIP_GRANT_DAYS}` }],
      });
    }
    const result = await this.extend({ userId, kind: 'grant', seconds: days * DAY_S, key: ledgerKeys.vipGrant() });
    if (!result.expiresAt) throw new Error('VIP grant left no end date');
    return result.expiresAt;
  }
}
