import type { CheckinResult } from '@cliffhanger/contract';
import type { RewardsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { RewardsCheckinsRepository } from '../../repositories/rewards-checkins.repository.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { cycleStateOf, stripOf, type CycleState } from './checkin-cycle.js';
import type { RewardCalendar } from './reward-calendar.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

export interface CheckinServiceDeps {
  db: Db;
  clock: Clock;
  calendar: RewardCalendar;
  checkins: RewardsCheckinsRepository;
  wallet: WalletService;
  /** Read only: the repeat answer shows when today's coins expire. */
  config: Pick<RewardsConfig, 'checkinRewards'>;
}

export interface CheckinOutcome {
  result: CheckinResult;
  /** Already checked in today: nothing was credited (Code.ALREADY_DONE_TODAY). */
  repeat: boolean;
}

/**
 * The daily check-in (docs/rewards.md#check-in-post-taskcheckin): the first call of the server's day credits
 * that cycle day's coins (kind checkin_reward, key `checkin:<date>`, a lot that expires after
 * COIN_CHECKIN_VALIDITY_DAYS); later calls that day change nothing.
 */
export class CheckinService {
  constructor(private readonly deps: CheckinServiceDeps) {}

  get cycleLength(): number {
    return this.deps.config.checkinRewards.length;
  }

  async checkIn(userId: number): Promise<CheckinOutcome> {
    const { deps } = this;
    const now = deps.clock();
    const today = deps.calendar.dateOf(now);
    return deps.db.transaction(async (tx) => {
      // The wallet lock serialises this user's check-ins; the primary key backs it up.
      const holder = await deps.wallet.open(userId, tx);
      const state = cycleStateOf(await deps.checkins.latest(userId, tx), today, this.cycleLength);
      if (state.checkedInToday) return this.repeatOf(userId, today, holder.coin, tx);
      const reward = deps.config.checkinRewards[state.day - 1] ?? 0;
      const inserted = await deps.checkins.insertIfNew(
        { userId, localDate: today, cycleDay: state.day, reward, createdAt: now },
        tx,
      );
      if (!inserted) return this.repeatOf(userId, today, holder.coin, tx);
      const credit = await deps.wallet.credit(
        { userId, kind: 'checkin_reward', amount: reward, key: ledgerKeys.checkin(today), ref: `checkin:day:${state.day}` },
        tx,
      );
      return {
        repeat: false,
        result: this.resultOf(
          { day: state.day, checkedInToday: true },
          reward,
          credit.balance,
          credit.entry.lotExpiresAt,
        ),
      };
    });
  }

  /** Today's place in the cycle, for the Rewards page. */
  async stateOf(userId: number | null): Promise<{ today: string; state: CycleState }> {
    const today = this.deps.calendar.dateOf(this.deps.clock());
    const latest = userId === null ? undefined : await this.deps.checkins.latest(userId);
    return { today, state: cycleStateOf(latest, today, this.cycleLength) };
  }

  strip(state: CycleState) {
    return stripOf(state, this.deps.config.checkinRewards);
  }

  private async repeatOf(userId: number, today: string, balance: number, tx: Db): Promise<CheckinOutcome> {
    const row = await this.deps.checkins.find(userId, today, tx);
    if (!row) throw new Error(`check-in of user ${userId} on ${today} vanished`);
    const entry = await this.deps.wallet.entryByKey(userId, ledgerKeys.checkin(today), tx);
    return {
      repeat: true,
      result: this.resultOf(
        { day: row.cycleDay, checkedInToday: true },
        row.reward,
        balance,
        entry?.lotExpiresAt ?? null,
      ),
    };
  }

  private resultOf(state: CycleState, reward: number, balance: number, expiresAt: Date | null): CheckinResult {
    return {
      day: state.day,
      reward,
      balance,
      strip: this.strip(state),
      expires_at: expiresAt ? expiresAt.toISOString() : null,
    };
  }
}
