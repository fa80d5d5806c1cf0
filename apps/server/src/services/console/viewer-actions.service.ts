import { Code } from '@cliffhanger/contract';
import { COIN_ADJUSTMENT_CAPS, type OperatorRole, type ViewerLedgerEntry } from '@cliffhanger/contract/console';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { ConsoleViewersRepository, type ViewerRow } from '../../repositories/console-viewers.repository.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import type { SessionService } from '../auth/session.service.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';
import type { VipService } from '../wallet/vip.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { isoOrNull, ledgerEntryOf } from './viewer-view.js';

const DAY_S = 86_400;

/** The operator acting, their role (it caps coin adjustments) and why. */
export interface ViewerActor {
  operatorId: number;
  role: OperatorRole;
  reason: string;
}

export interface CoinAdjustment {
  direction: 'credit' | 'debit';
  amount: number;
  /** The console's key for this one action: the same key again is a retry. */
  key: string;
}

export interface BlockState {
  blocked_at: string | null;
  block_reason: string | null;
}

const target = (uid: number) => `viewer:${uid}`;
const blockStateOf = (user: Pick<ViewerRow, 'blockedAt' | 'blockReason'>): BlockState => ({
  blocked_at: isoOrNull(user.blockedAt),
  block_reason: user.blockReason,
});

function viewerNotFound(uid: number): AppError {
  return new AppError(Code.NOT_FOUND, `No viewer ${uid}`);
}

function viewerDeleted(uid: number): AppError {
  return new AppError(Code.VIEWER_DELETED, `Viewer ${uid} is deleted`);
}

/**
 * What support changes on a viewer's account (docs/console.md#viewers). Coins go through the
 * wallet service and VIP through the VIP service, the only writers of their ledgers; sessions are
 * revoked by the viewers' own revoke path. Each change and its audit entry share one transaction;
 * a change that changes nothing (a retry, blocking a blocked account) records nothing.
 */
export class ViewerActionsService {
  private readonly viewers: ConsoleViewersRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(
    private readonly deps: { db: Db; clock: Clock; wallet: WalletService; vip: VipService; sessions: SessionService },
  ) {
    this.viewers = new ConsoleViewersRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  /**
   * Adds (`support_credit`, never expires) or takes away (`support_debit`) coins. Above the role's
   * cap → Code.VIEWER_ADJUSTMENT_OVER_CAP; a debit above the balance → Code.VIEWER_BALANCE_TOO_LOW;
   * a deleted account → Code.VIEWER_DELETED. Nothing is written for any of them.
   */
  async adjustCoins(
    uid: number,
    adjustment: CoinAdjustment,
    actor: ViewerActor,
  ): Promise<{ balance: number; replayed: boolean; entry: Omit<ViewerLedgerEntry, 'lot'> }> {
    const cap = COIN_ADJUSTMENT_CAPS[actor.role] ?? 0;
    if (adjustment.amount > cap) {
      throw new AppError(
        Code.VIEWER_ADJUSTMENT_OVER_CAP,
        `The ${actor.role} role adjusts at most ${cap} coins at once`,
        {
          cap,
        },
      );
    }
    return this.deps.db.transaction(async (tx) => {
      const result = await this.deps.wallet
        .adjustBySupport(
          {
            userId: uid,
            direction: adjustment.direction,
            amount: adjustment.amount,
            key: ledgerKeys.supportCoins(adjustment.key),
            ref: `operator:${actor.operatorId}`,
          },
          tx,
        )
        .catch((error: unknown) => {
          throw walletRefusal(error, uid);
        });
      if (!result.replayed) {
        const { entry } = result;
        await this.audit.insert(
          {
            operatorId: actor.operatorId,
            at: this.deps.clock(),
            action: adjustment.direction === 'credit' ? 'viewer.coins_credit' : 'viewer.coins_debit',
            target: target(uid),
            before: { coin: entry.balanceAfter - entry.amount },
            after: { coin: entry.balanceAfter, kind: entry.kind, amount: entry.amount, entry_id: entry.id },
            reason: actor.reason,
          },
          tx,
        );
      }
      return { balance: result.balance, replayed: result.replayed, entry: ledgerEntryOf(result.entry) };
    });
  }

  /**
   * Extends VIP by `days` from its end, or from now (a `grant` on the VIP ledger). The same key
   * again is a retry and answers VIP's end as it is; the same key for other days or another
   * operator's grant is refused with Code.IDEMPOTENCY_KEY_REUSED, as the coin ledger refuses it.
   */
  async grantVip(
    uid: number,
    grant: { days: number; key: string },
    actor: ViewerActor,
  ): Promise<{ expires_at: string; replayed: boolean }> {
    return this.deps.db.transaction(async (tx) => {
      const user = await this.liveViewer(uid, tx);
      const change = {
        userId: uid,
        kind: 'grant' as const,
        seconds: grant.days * DAY_S,
        key: ledgerKeys.supportVip(grant.key),
        ref: `operator:${actor.operatorId}`,
      };
      // Under the viewer's row lock, so no grant with this key can land between the look and the write.
      const earlier = await this.deps.vip.entryByKey(uid, change.key, tx);
      if (
        earlier &&
        (earlier.kind !== change.kind || earlier.seconds !== change.seconds || earlier.ref !== change.ref)
      ) {
        throw new AppError(Code.IDEMPOTENCY_KEY_REUSED, 'Idempotency key already used for another grant');
      }
      const result = await this.deps.vip.extend(change, tx);
      if (!result.expiresAt) throw new Error('a VIP grant left no end date');
      if (!result.replayed) {
        await this.audit.insert(
          {
            operatorId: actor.operatorId,
            at: this.deps.clock(),
            action: 'viewer.vip_grant',
            target: target(uid),
            before: { vip_expires_at: isoOrNull(user.vipExpiresAt) },
            after: { vip_expires_at: result.expiresAt.toISOString(), days: grant.days },
            reason: actor.reason,
          },
          tx,
        );
      }
      return { expires_at: result.expiresAt.toISOString(), replayed: result.replayed };
    });
  }

  /**
   * Signs the viewer out everywhere: every live session is revoked, as a password change revokes
   * the others. Answers how many were live.
   */
  async revokeSessions(uid: number, actor: ViewerActor): Promise<{ revoked: number }> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await this.viewers.findForUpdate(uid, tx))) throw viewerNotFound(uid);
      const live = await this.viewers.liveSessionCount(uid, this.deps.clock(), tx);
      if (live === 0) return { revoked: 0 };
      await this.deps.sessions.revokeAllForUser(uid, tx);
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: this.deps.clock(),
          action: 'viewer.sessions_revoke',
          target: target(uid),
          before: { live_sessions: live },
          after: { live_sessions: 0 },
          reason: actor.reason,
        },
        tx,
      );
      return { revoked: live };
    });
  }

  /**
   * Blocks the account: the session layer refuses its tokens and sign-ins with
   * Code.ACCOUNT_BLOCKED. Nothing else changes: sessions, coins, VIP and orders stay, so unblocking
   * gives the viewer back exactly what they had.
   */
  block(uid: number, actor: ViewerActor): Promise<BlockState> {
    return this.setBlocked(uid, true, actor);
  }

  unblock(uid: number, actor: ViewerActor): Promise<BlockState> {
    return this.setBlocked(uid, false, actor);
  }

  private setBlocked(uid: number, blocked: boolean, actor: ViewerActor): Promise<BlockState> {
    return this.deps.db.transaction(async (tx) => {
      const user = blocked ? await this.liveViewer(uid, tx) : await this.viewers.findForUpdate(uid, tx);
      if (!user) throw viewerNotFound(uid);
      if ((user.blockedAt !== null) === blocked) return blockStateOf(user);
      const next = blocked
        ? { blockedAt: this.deps.clock(), blockReason: actor.reason }
        : { blockedAt: null, blockReason: null };
      await this.viewers.setBlock(uid, next.blockedAt, next.blockReason, tx);
      await this.audit.insert(
        {
          operatorId: actor.operatorId,
          at: this.deps.clock(),
          action: blocked ? 'viewer.block' : 'viewer.unblock',
          target: target(uid),
          before: blockStateOf(user),
          after: blockStateOf(next),
          reason: actor.reason,
        },
        tx,
      );
      return blockStateOf(next);
    });
  }

  /** The viewer's row, locked; an unknown id → Code.NOT_FOUND, a deleted account → Code.VIEWER_DELETED. */
  private async liveViewer(uid: number, tx: Db): Promise<ViewerRow> {
    const user = await this.viewers.findForUpdate(uid, tx);
    if (!user) throw viewerNotFound(uid);
    if (user.deletedAt) throw viewerDeleted(uid);
    return user;
  }
}

/** The wallet's refusals in the console's words: a deleted account, a balance too low. */
function walletRefusal(error: unknown, uid: number): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === Code.SESSION_REVOKED) return viewerDeleted(uid);
  if (error.code === Code.INSUFFICIENT_COINS) {
    const { balance } = error.data as { balance: number };
    return new AppError(Code.VIEWER_BALANCE_TOO_LOW, `Viewer ${uid} has ${balance} coins`, { balance });
  }
  return error;
}
