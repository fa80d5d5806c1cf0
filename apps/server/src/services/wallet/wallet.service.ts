import {
  Code,
  walletGroupOf,
  type WalletExpenseKind,
  type WalletIncomeKind,
  type WalletKind,
} from '@cliffhanger/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { Db } from '../../db/database.js';
import type { WalletEntryRow } from '../../db/wallet.schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { WalletEntriesRepository } from '../../repositories/wallet-entries.repository.js';
import type { LockedHolder, WalletLedgerRepository } from '../../repositories/wallet-ledger.repository.js';
import type { WalletLotsRepository } from '../../repositories/wallet-lots.repository.js';
import type { WalletUnlocksRepository } from '../../repositories/wallet-unlocks.repository.js';
import type { WalletHolder, WalletUsersRepository } from '../../repositories/wallet-users.repository.js';
import { planConsumption } from './lot-consumption.js';
import { lotExpiryOf, type LotPolicyConfig } from './lot-policy.js';
import { ledgerKeys } from './ledger-keys.js';

/** The largest single credit or debit: far above any pack, far below the int4 column. */
const MAX_LEDGER_AMOUNT = 100_000_000;
/** Users handled per round of the expiry job. */
const EXPIRY_BATCH = 100;

export interface CreditInput {
  userId: number;
  kind: WalletIncomeKind;
  /** Whole coins, > 0. */
  amount: number;
  /** Unique per user: a repeat with the same key and the same target is replayed, not applied. */
  key: string;
  ref?: string | null;
  /** When the lot expires; omitted = the per-kind policy (lot-policy.ts); null = never. */
  expiresAt?: Date | null;
}

/** Purchased coins taken back (a refund or a dispute): as many as the balance still holds. */
export interface ReversalInput {
  userId: number;
  /** Coins that should come back, > 0. */
  amount: number;
  key: string;
  ref?: string | null;
}

export interface ReversalResult {
  /** Coins taken: min(amount, balance). */
  taken: number;
  /** Coins already spent that could not be taken (the balance never goes negative). */
  unrecovered: number;
  balance: number;
  replayed: boolean;
}

/** A debit that buys episodes: the episode_unlocks rows are written with the debit. */
export interface PurchaseInput {
  userId: number;
  kind: Extract<WalletExpenseKind, 'consume' | 'coin_freeze'>;
  amount: number;
  key: string;
  ref?: string | null;
  episodeIds: readonly number[];
}

/**
 * Coins an operator adds or takes away by hand from the console (docs/wallet.md#kinds-and-groups):
 * a credit is a `support_credit` lot that never expires; a debit a `support_debit` that spends lots
 * like any debit and is refused when the balance does not cover it.
 */
export interface SupportAdjustmentInput {
  userId: number;
  direction: 'credit' | 'debit';
  amount: number;
  key: string;
  ref?: string | null;
}

/** Any debit: its kind, and the episodes it buys (none for a plain debit). */
type DebitInput = Omit<PurchaseInput, 'kind'> & {
  kind: Extract<WalletExpenseKind, 'consume' | 'coin_freeze' | 'support_debit'>;
};

/** A purchase is done, or nothing was taken because an episode is unlocked already. */
export type PurchaseResult = (LedgerResult & { owned: false }) | { owned: true };

export interface LedgerResult {
  entry: WalletEntryRow;
  /** True when the key had already been applied: nothing changed this time. */
  replayed: boolean;
  /** The balance after the call. */
  balance: number;
}

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
  users: WalletUsersRepository;
  entries: WalletEntriesRepository;
  lots: WalletLotsRepository;
  ledger: WalletLedgerRepository;
  unlocks: WalletUnlocksRepository;
  policy: LotPolicyConfig;
  /** Told of each new ledger entry once its transaction has committed (metrics); never of a replay. */
  onEntry?: (kind: WalletKind) => void;
}

function invalidAmount(): AppError {
  return new AppError(Code.INVALID_INPUT, 'Invalid input', {
    fields: [{ field: 'amount', message: `must be a whole number from 1 to ${MAX_LEDGER_AMOUNT}` }],
  });
}

function insufficient(cost: number, balance: number): AppError {
  return new AppError(Code.INSUFFICIENT_COINS, 'Not enough coins', { shortfall: cost - balance, balance, cost });
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_LEDGER_AMOUNT) throw invalidAmount();
}

function checkKind(kind: WalletKind, group: 'income' | 'expense'): void {
  if (walletGroupOf(kind) !== group || kind === 'coin_expiry') {
    throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
      fields: [{ field: 'kind', message: `cannot be used for a ${group === 'income' ? 'credit' : 'debit'}` }],
    });
  }
}

/**
 * The only writer of balances and ledger entries (docs/wallet.md). Each call runs in
 * the caller's transaction (or its own) and first row-locks the user: one user's wallet changes
 * one at a time, so the idempotency check, the balance, the lots and the entry always agree.
 * Due lots are expired before anything else, so expired coins are never spent.
 */
export class WalletService {
  /**
   * Users whose row this service has locked (and whose due lots it has expired) in a transaction.
   * A lock lasts until the transaction ends, so a credit or debit after `open` in the same
   * transaction need not lock again; its statement still checks for a due lot itself.
   */
  private readonly locked = new WeakMap<Db, Set<number>>();

  constructor(private readonly deps: WalletServiceDeps) {}

  /** Runs `work` in `tx`, or in a transaction of its own. */
  private inTx<T>(tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> {
    return tx ? work(tx) : this.deps.db.transaction((own) => work(own));
  }

  /**
   * Locks the user's wallet for the rest of the transaction and expires what is due. Call first
   * in any transaction that decides on the balance (the unlock does). A deleted account → Code.SESSION_REVOKED.
   */
  async open(userId: number, tx: Db): Promise<WalletHolder> {
    return this.openLocked(await this.deps.ledger.lock(userId, this.deps.clock(), tx), tx);
  }

  /**
   * `open` for a user whose row a statement of the caller's has just locked in `tx` the way
   * `WalletLedgerRepository.lock` does, due-lot hint included (an unlock reads it with its episode,
   * UnlockContextRepository). Undefined: no such user.
   */
  async openLocked(found: LockedHolder | undefined, tx: Db): Promise<WalletHolder> {
    if (!found) throw new AppError(Code.NOT_FOUND, 'User not found');
    const { dueHint, ...holder } = found;
    if (holder.deletedAt) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    let set = this.locked.get(tx);
    if (!set) this.locked.set(tx, (set = new Set()));
    set.add(holder.id);
    // Lot expiry only when a lot is due: the lock statement says so, sparing a query per write.
    const expired = dueHint ? await this.expireLocked(holder.id, tx) : 0;
    return { ...holder, coin: holder.coin - expired };
  }

  /** Locks the user unless this transaction holds the lock already (see `locked`). */
  private async ensureOpen(userId: number, tx: Db): Promise<void> {
    if (!this.locked.get(tx)?.has(userId)) await this.open(userId, tx);
  }

  async credit(input: CreditInput, tx?: Db): Promise<LedgerResult> {
    checkKind(input.kind, 'income');
    checkAmount(input.amount);
    const now = this.deps.clock();
    const expiresAt = input.expiresAt === undefined ? lotExpiryOf(input.kind, now, this.deps.policy) : input.expiresAt;
    return this.inTx(tx, async (t) => {
      await this.ensureOpen(input.userId, t);
      // The common case in one statement; a key seen before or an expiry already passed take the
      // general path below, under the same lock. A lot that fell due is expired first.
      const ref = input.ref ?? null;
      for (let attempt = 0; !expiresAt || expiresAt.getTime() > now.getTime(); attempt += 1) {
        const done = await this.deps.ledger.credit(
          { userId: input.userId, kind: input.kind, amount: input.amount, key: input.key, ref, expiresAt, now },
          t,
        );
        if (done.balance !== null && done.entryId !== null) {
          const entry: WalletEntryRow = {
            id: done.entryId,
            userId: input.userId,
            kind: input.kind,
            amount: input.amount,
            balanceAfter: done.balance,
            idempotencyKey: input.key,
            ref,
            lotExpiresAt: expiresAt,
            createdAt: now,
          };
          this.written(t, input.kind);
          return { entry, replayed: false, balance: done.balance };
        }
        if (!done.due || attempt >= 2) break;
        await this.open(input.userId, t);
      }
      return this.creditInGeneral(input, now, expiresAt, t);
    });
  }

  /** Credit, one step at a time: expire what is due, replay or refuse a seen key, then write. */
  private async creditInGeneral(input: CreditInput, now: Date, expiresAt: Date | null, t: Db): Promise<LedgerResult> {
    const holder = await this.open(input.userId, t);
    // A retry replays even when its lot has expired since; only a new lot must lie ahead.
    const repeat = await this.replay(holder, input.key, input.kind, input.amount, input.ref ?? null, t);
    if (repeat) return repeat;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
        fields: [{ field: 'expiresAt', message: 'must be in the future' }],
      });
    }
    const balance = await this.deps.users.addCoin(holder.id, input.amount, t);
    const entry = await this.deps.entries.insert(
      {
        userId: holder.id,
        kind: input.kind,
        amount: input.amount,
        balanceAfter: balance,
        idempotencyKey: input.key,
        ref: input.ref ?? null,
        lotExpiresAt: expiresAt,
        createdAt: now,
      },
      t,
    );
    await this.deps.lots.insert(
      { userId: holder.id, entryId: entry.id, amount: input.amount, expiresAt, createdAt: now },
      t,
    );
    this.written(t, input.kind);
    return { entry, replayed: false, balance };
  }

  /**
   * A debit that buys episodes: the debit, its lots (soonest-expiring first), its entry and the
   * episode_unlocks rows in one statement. Nothing is taken when one of the episodes is unlocked already
   * (`owned`), which the caller checks under the same lock. Not enough coins → Code.INSUFFICIENT_COINS with
   * shortfall, balance and cost.
   */
  purchase(input: PurchaseInput, tx?: Db): Promise<PurchaseResult> {
    return this.debit(input, tx);
  }

  /**
   * Support's adjustment: a never-expiring `support_credit`, or a `support_debit` taken from the
   * lots that expire first, like any debit. A debit above the balance → Code.INSUFFICIENT_COINS and
   * nothing written. A key seen before with the same direction and amount is replayed.
   */
  async adjustBySupport(input: SupportAdjustmentInput, tx?: Db): Promise<LedgerResult> {
    const { direction, ...rest } = input;
    if (direction === 'credit') return this.credit({ ...rest, kind: 'support_credit', expiresAt: null }, tx);
    const result = await this.debit({ ...rest, kind: 'support_debit', episodeIds: [] }, tx);
    // A debit that buys no episode cannot find one owned already.
    if (result.owned) throw new Error('a support debit found an episode owned');
    return result;
  }

  private async debit(input: DebitInput, tx?: Db): Promise<PurchaseResult> {
    checkKind(input.kind, 'expense');
    checkAmount(input.amount);
    return this.inTx(tx, async (t) => {
      await this.ensureOpen(input.userId, t);
      const ref = input.ref ?? null;
      for (let attempt = 0; ; attempt += 1) {
        const now = this.deps.clock();
        const done = await this.deps.ledger.debit(
          {
            userId: input.userId,
            kind: input.kind,
            amount: input.amount,
            key: input.key,
            ref,
            now,
            grantEpisodeIds: input.episodeIds,
          },
          t,
        );
        if (done.balance !== null && done.entryId !== null) {
          // The balance covered the debit but the lots do not: the projection is broken. Failing
          // the transaction keeps the damage from spreading; `npm run wallet -- reconcile` finds it.
          if (done.taken !== input.amount)
            throw new Error(`wallet of user ${input.userId}: lots hold less than the balance`);
          const entry: WalletEntryRow = {
            id: done.entryId,
            userId: input.userId,
            kind: input.kind,
            amount: -input.amount,
            balanceAfter: done.balance,
            idempotencyKey: input.key,
            ref,
            lotExpiresAt: null,
            createdAt: now,
          };
          this.written(t, input.kind);
          return { entry, replayed: false, balance: done.balance, owned: false };
        }
        if (done.owned) return { owned: true };
        // A lot fell due: expire it (open does, under the lock held) and try again.
        if (done.due && attempt < 2) {
          await this.open(input.userId, t);
          continue;
        }
        if (!done.due && !done.seen) throw insufficient(input.amount, done.coin);
        // A key seen before (a retry or a reused key), or expiry racing the clock: step by step.
        const result = await this.debitInGeneral(input, t);
        await this.deps.unlocks.insertMissing(input.userId, input.episodeIds, this.deps.clock(), t);
        return { ...result, owned: false };
      }
    });
  }

  /** Debit, one step at a time: expire what is due, replay or refuse a seen key, then write. */
  private async debitInGeneral(input: DebitInput, t: Db): Promise<LedgerResult> {
    const holder = await this.open(input.userId, t);
    const repeat = await this.replay(holder, input.key, input.kind, -input.amount, input.ref ?? null, t);
    if (repeat) return repeat;
    // Conditional even under the row lock: the guard must not depend on every caller locking.
    const balance = await this.deps.users.debitIfCovered(holder.id, input.amount, t);
    if (balance === undefined) throw insufficient(input.amount, holder.coin);
    await this.consumeLots(holder.id, input.amount, t);
    const entry = await this.deps.entries.insert(
      {
        userId: holder.id,
        kind: input.kind,
        amount: -input.amount,
        balanceAfter: balance,
        idempotencyKey: input.key,
        ref: input.ref ?? null,
        createdAt: this.deps.clock(),
      },
      t,
    );
    this.written(t, input.kind);
    return { entry, replayed: false, balance };
  }

  /**
   * Takes back purchased coins after a refund or dispute. Never more than the balance: what was
   * already spent is answered as `unrecovered` for the caller to record (docs/payments.md).
   * A key already used replays its first result.
   */
  async reverse(input: ReversalInput, tx?: Db): Promise<ReversalResult> {
    checkAmount(input.amount);
    return this.inTx(tx, async (t) => {
      const result = await this.takeBack(input, t);
      // Less came back than was owed: the account is marked for support (once; a repeat keeps the first date).
      if (result.unrecovered > 0) await this.deps.users.flagPayment(input.userId, this.deps.clock(), t);
      return result;
    });
  }

  /** The ledger's first entry under `key` for the user, if any (a repeat's earlier result). */
  entryByKey(userId: number, key: string, tx?: Db): Promise<WalletEntryRow | undefined> {
    return this.deps.entries.findByKey(userId, key, tx);
  }

  /** The reversal itself, in the caller's transaction. */
  private async takeBack(input: ReversalInput, t: Db): Promise<ReversalResult> {
    const holder = await this.open(input.userId, t);
    const earlier = await this.deps.entries.findByKey(holder.id, input.key, t);
    if (earlier) {
      if (earlier.kind !== 'recharge_reversal' || earlier.ref !== (input.ref ?? null)) {
        throw new AppError(Code.IDEMPOTENCY_KEY_REUSED, 'Idempotency key already used for another target');
      }
      return {
        taken: -earlier.amount,
        unrecovered: input.amount + earlier.amount,
        balance: holder.coin,
        replayed: true,
      };
    }
    const taken = Math.min(input.amount, holder.coin);
    if (taken === 0) return { taken: 0, unrecovered: input.amount, balance: holder.coin, replayed: false };
    const balance = await this.deps.users.debitIfCovered(holder.id, taken, t);
    if (balance === undefined) throw new Error(`wallet of user ${holder.id}: balance moved under the lock`);
    await this.consumeLots(holder.id, taken, t);
    await this.deps.entries.insert(
      {
        userId: holder.id,
        kind: 'recharge_reversal',
        amount: -taken,
        balanceAfter: balance,
        idempotencyKey: input.key,
        ref: input.ref ?? null,
        createdAt: this.deps.clock(),
      },
      t,
    );
    this.written(t, 'recharge_reversal');
    return { taken, unrecovered: input.amount - taken, balance, replayed: false };
  }

  /**
   * The wallet of one user brought up to date: due lots expired (lazily, on read). Cheap when
   * nothing is due: one indexed read, no lock.
   */
  async expireDueFor(userId: number): Promise<number> {
    const due = await this.deps.lots.due(userId, this.deps.clock());
    if (due.length === 0) return 0;
    return this.deps.db.transaction(async (t) => {
      const holder = await this.deps.users.lock(userId, t);
      return holder ? this.expireLocked(holder.id, t) : 0;
    });
  }

  /** The scheduled job: expires every due lot of every user, a user per transaction. */
  async expireDue(): Promise<{ users: number; coins: number }> {
    const totals = { users: 0, coins: 0 };
    const seen = new Set<number>();
    for (;;) {
      const batch = (await this.deps.lots.usersWithDueLots(this.deps.clock(), EXPIRY_BATCH)).filter(
        (userId) => !seen.has(userId),
      );
      if (batch.length === 0) return totals;
      for (const userId of batch) {
        seen.add(userId);
        const coins = await this.expireDueFor(userId);
        if (coins > 0) {
          totals.users += 1;
          totals.coins += coins;
        }
      }
    }
  }

  /** The balance after lazy expiry. */
  async balance(userId: number): Promise<number> {
    await this.expireDueFor(userId);
    const holder = await this.deps.users.find(userId);
    if (!holder) throw new AppError(Code.NOT_FOUND, 'User not found');
    return holder.coin;
  }

  /**
   * A key seen before: the same target (kind, amount, ref) is a retry and gets the first result;
   * anything else is a key reused for another target and is refused, never replayed.
   */
  private async replay(
    holder: WalletHolder,
    key: string,
    kind: WalletKind,
    signedAmount: number,
    ref: string | null,
    tx: Db,
  ): Promise<LedgerResult | undefined> {
    const entry = await this.deps.entries.findByKey(holder.id, key, tx);
    if (!entry) return undefined;
    if (entry.kind !== kind || entry.amount !== signedAmount || entry.ref !== ref) {
      throw new AppError(Code.IDEMPOTENCY_KEY_REUSED, 'Idempotency key already used for another target');
    }
    return { entry, replayed: true, balance: holder.coin };
  }

  /** Reports a new entry written in `tx` to `onEntry`, once `tx` commits (a rollback undoes it). */
  private written(tx: Db, kind: WalletKind): void {
    const { onEntry } = this.deps;
    if (onEntry) afterCommit(tx, () => onEntry(kind));
  }

  private async consumeLots(userId: number, amount: number, tx: Db): Promise<void> {
    const plan = planConsumption(await this.deps.lots.spendable(userId, tx), amount);
    // The balance covered the debit but the lots do not: the projection is broken. Failing the
    // transaction keeps the damage from spreading; `npm run wallet -- reconcile` finds it.
    if (!plan) throw new Error(`wallet of user ${userId}: lots hold less than the balance`);
    for (const change of plan) await this.deps.lots.setRemaining(change.id, change.remaining, tx);
  }

  /**
   * Expires the due lots of a locked user: each remainder leaves through its own coin_expiry
   * entry (key `expiry:lot:<id>`), dated when the lot expired. Answers the coins expired.
   */
  private async expireLocked(userId: number, tx: Db): Promise<number> {
    const due = await this.deps.lots.due(userId, this.deps.clock(), tx);
    let total = 0;
    for (const lot of due) {
      const balance = await this.deps.users.debitIfCovered(userId, lot.remaining, tx);
      if (balance === undefined) throw new Error(`wallet of user ${userId}: balance below lot ${lot.id}`);
      await this.deps.lots.setRemaining(lot.id, 0, tx);
      await this.deps.entries.insert(
        {
          userId,
          kind: 'coin_expiry',
          amount: -lot.remaining,
          balanceAfter: balance,
          idempotencyKey: ledgerKeys.lotExpiry(lot.id),
          ref: `lot:${lot.id}`,
          createdAt: lot.expiresAt ?? this.deps.clock(),
        },
        tx,
      );
      this.written(tx, 'coin_expiry');
      total += lot.remaining;
    }
    return total;
  }
}
