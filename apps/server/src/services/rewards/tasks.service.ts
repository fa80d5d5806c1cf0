import { Code, type ClaimResult, type Task, type TaskKey, type TasksOverview } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { InvitesRepository } from '../../repositories/invites.repository.js';
import type { RewardsTasksRepository } from '../../repositories/rewards-tasks.repository.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { CheckinService } from './checkin.service.js';
import type { RewardCalendar } from './reward-calendar.js';
import type { TaskDefinition } from './task-catalog.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

export interface TasksServiceDeps {
  db: Db;
  clock: Clock;
  calendar: RewardCalendar;
  tasks: RewardsTasksRepository;
  invites: InvitesRepository;
  wallet: WalletService;
  checkin: CheckinService;
  catalog: readonly TaskDefinition[];
}

export interface ClaimOutcome {
  result: ClaimResult;
  /** Everything done was already paid (Code.ALREADY_OWNED). */
  repeat: boolean;
}

/**
 * Tasks with claim buttons (docs/rewards.md#tasks-get-task-post-taskkeyclaim). Progress is always recomputed
 * from what the server recorded (counted videos, app shares, invites); a claim pays the units done and not
 * yet paid, once, under the user's wallet lock, with the ledger key `task:<key>:<period>:<upto>`.
 */
export class TasksService {
  constructor(private readonly deps: TasksServiceDeps) {}

  async overview(userId: number | null): Promise<TasksOverview> {
    const { today, state } = await this.deps.checkin.stateOf(userId);
    const tasks = await Promise.all(this.deps.catalog.map((task) => this.taskOf(task, userId, today)));
    const balance = userId === null ? 0 : await this.deps.wallet.balance(userId);
    return {
      signed_in: userId !== null,
      today,
      checkin: { day: state.day, checked_in_today: state.checkedInToday, strip: this.deps.checkin.strip(state) },
      tasks,
      balance,
      anything_claimable: tasks.some((task) => task.claimable > 0),
    };
  }

  async claim(userId: number, key: TaskKey): Promise<ClaimOutcome> {
    const { deps } = this;
    const task = deps.catalog.find((candidate) => candidate.key === key);
    if (!task) throw new AppError(Code.NOT_FOUND, 'No such task');
    return deps.db.transaction(async (tx) => {
      // One claim of this user at a time: a parallel claim waits here, then sees this one's row.
      const holder = await deps.wallet.open(userId, tx);
      const today = deps.calendar.dateOf(deps.clock());
      const period = this.periodOf(task, today);
      const progress = await this.progressOf(task, userId, today, tx);
      const claimed = await deps.tasks.claimedUpto(userId, task.key, period, tx);
      const units = progress - claimed;
      if (units <= 0) {
        if (claimed === 0) throw new AppError(Code.TASK_NOT_COMPLETED, 'Task not completed');
        const view = this.viewOf(task, progress, claimed);
        return { repeat: true, result: { key, units: 0, coins: 0, balance: holder.coin, task: view } };
      }
      const coins = units * task.reward;
      await deps.tasks.insertClaim(
        { userId, taskKey: task.key, period, upto: progress, coins, createdAt: deps.clock() },
        tx,
      );
      const credit = await deps.wallet.credit(
        {
          userId,
          kind: task.kind,
          amount: coins,
          key: ledgerKeys.taskClaim(task.key, period, progress),
          ref: `task:${task.key}`,
        },
        tx,
      );
      return {
        repeat: false,
        result: { key, units, coins, balance: credit.balance, task: this.viewOf(task, progress, progress) },
      };
    });
  }

  private periodOf(task: TaskDefinition, today: string): string {
    return task.period === 'day' ? today : 'lifetime';
  }

  private async taskOf(task: TaskDefinition, userId: number | null, today: string): Promise<Task> {
    if (userId === null) return this.viewOf(task, 0, 0);
    const [progress, claimed] = await Promise.all([
      this.progressOf(task, userId, today),
      this.deps.tasks.claimedUpto(userId, task.key, this.periodOf(task, today)),
    ]);
    return this.viewOf(task, progress, claimed);
  }

  /** Units done this period, capped at the target. */
  private async progressOf(task: TaskDefinition, userId: number, today: string, tx?: Db): Promise<number> {
    const done = await this.doneOf(task.key, userId, today, tx);
    return Math.min(done, task.target);
  }

  private async doneOf(key: TaskKey, userId: number, today: string, tx?: Db): Promise<number> {
    switch (key) {
      case 'watch_video':
        return this.deps.tasks.countWatched(userId, today, tx);
      case 'share_app': {
        const { start, end } = this.deps.calendar.boundsOf(today);
        return this.deps.tasks.countAppShares(userId, start, end, tx);
      }
      case 'invite_friends':
        return this.deps.invites.countByInviter(userId, tx);
    }
  }

  private viewOf(task: TaskDefinition, progress: number, claimed: number): Task {
    const claimable = Math.max(0, progress - claimed);
    return {
      key: task.key,
      period: task.period,
      reward: task.reward,
      progress,
      target: task.target,
      claimable,
      claimable_coins: claimable * task.reward,
      claimed: Math.min(claimed, progress),
      state: claimable > 0 ? 'claimable' : claimed >= task.target ? 'claimed' : 'todo',
    };
  }
}
